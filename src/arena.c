/* arena.c -- the bump allocator of the parser (see arena.h). */
#include "arena.h"

#include <stddef.h>
#include <stdlib.h>

struct bgc_arena_block {
    bgc_arena_block *next;
    size_t used, cap;
    max_align_t data[];
};

void bgc_arena_init(bgc_arena *a) { a->head = NULL; }

void *bgc_arena_alloc(bgc_arena *a, size_t n)
{
    bgc_arena_block *b = a->head;
    n = (n + sizeof(max_align_t) - 1) / sizeof(max_align_t) * sizeof(max_align_t);
    if (!b || b->cap - b->used < n) {
        size_t cap = n > 8192 ? n : 8192;
        b = malloc(sizeof *b + cap);
        if (!b)
            return NULL;
        b->next = a->head;
        b->used = 0;
        b->cap = cap;
        a->head = b;
    }
    void *p = (char *)b->data + b->used;
    b->used += n;
    return p;
}

void bgc_arena_reset(bgc_arena *a)
{
    /* keep the newest block (the common case is one block per statement) */
    if (!a->head)
        return;
    bgc_arena_block *keep = a->head;
    a->head = keep->next;
    bgc_arena_free(a);
    keep->next = NULL;
    keep->used = 0;
    a->head = keep;
}

void bgc_arena_free(bgc_arena *a)
{
    while (a->head) {
        bgc_arena_block *n = a->head->next;
        free(a->head);
        a->head = n;
    }
}
