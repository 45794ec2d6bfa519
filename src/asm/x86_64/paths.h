/* paths.h -- the amd64 kernel paths compiled in, best first.  Included by
 * src/mpn/kernels.c only when BGC_HAVE_ASM_X86_64. */
#ifndef BGCN_X86_64_PATHS_H
#define BGCN_X86_64_PATHS_H

#define BGCN_X86_64_PATHS /* none yet */

#endif
