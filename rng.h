/* rng: the board's seeded random generator (SplitMix64), part of the board format. */
#ifndef GENETESS_RNG_H
#define GENETESS_RNG_H

#include <stdint.h>

#define RNG_ALGORITHM "splitmix64"

typedef struct Rng {
    uint64_t state;
} Rng;

/* Starts r from seed. */
void rng_seed(Rng *r, uint64_t seed);
/* The next 64 random bits; advances r. */
uint64_t rng_next(Rng *r);
/* Uniform in [0, n); n > 0. */
uint64_t rng_below(Rng *r, uint64_t n);

#endif
