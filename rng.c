/* rng: the board's seeded random generator (SplitMix64), part of the board format. */
#include "rng.h"

void rng_seed(Rng *r, uint64_t seed)
{
    r->state = seed;
}

uint64_t rng_next(Rng *r)
{
    uint64_t z = (r->state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

uint64_t rng_below(Rng *r, uint64_t n)
{
    /* Rejection sampling keeps the draw uniform. */
    uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    uint64_t x;
    do
        x = rng_next(r);
    while (x >= limit);
    return x % n;
}
