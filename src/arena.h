/* arena.h -- a bump allocator: everything parsed for one statement lives
 * in one arena, freed in one go (no recursive free of the tree). */
#ifndef BGC_ARENA_H
#define BGC_ARENA_H

#include <stddef.h>

typedef struct bgc_arena_block bgc_arena_block;
typedef struct bgc_arena {
    bgc_arena_block *head;
} bgc_arena;
void bgc_arena_init(bgc_arena *a);
void *bgc_arena_alloc(bgc_arena *a, size_t n); /* NULL when out of memory */
void bgc_arena_free(bgc_arena *a);             /* frees all; reusable */
void bgc_arena_reset(bgc_arena *a);            /* frees all but one block */

#endif /* BGC_ARENA_H */
