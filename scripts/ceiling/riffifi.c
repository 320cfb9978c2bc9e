/* Riffifi, 4 players, random play, razzmatazz default settings (speed-ceiling experiment).
 *
 * Settings: 12 chips per colour, no Officer, redeal on, after_claim pile, end orbit,
 * tie chooser (random play: each odd chip of a tie from a tied seat drawn from the collector's stream),
 * passing pass, start rotate, scoring chips. -DTIE_CLOCKWISE=1: tie clockwise instead.
 * Random streams are the engine's: deal stream game_state(deal_key, g), policy stream
 * game_state(policy_key[s], g) for seat s, SplitMix64, Lemire32 on 32-bit halves for the
 * Fisher-Yates deal, floor(u * k) (done as multiply-shift) for the card pick. With the engine's
 * keys it reproduces razzmatazz game for game.
 *
 * Build flags: -DSTUDY=1 also keeps the engine's study counts (card table [orbit][value]
 * [plays, paid, chips], undercuts, set aside, lapsed chips, redeals, middle chips);
 * -DVALIDATE=1 adds per-game sums of squares for standard errors; -DDEBUG=1 checks invariants
 * after every turn (60 chips, 12 per colour, none above 12 in a seat, one face-up card per colour
 * by construction, at most one unpaid claim per seat). Experiments: -DPRECOMPUTE=1, -DREGW=1,
 * -DSTEAL_BRANCH=0 (see their defines). Build: gcc -O3 -march=native riffifi.c (BMI2 pdep).
 *
 * usage: riffifi GAMES REPS DEAL_KEY PKEY0 PKEY1 PKEY2 PKEY3
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <immintrin.h>

#ifndef STUDY
#define STUDY 0
#endif
#ifndef VALIDATE
#define VALIDATE 0
#endif
#ifndef STEAL_BRANCH
#define STEAL_BRANCH 1 /* 0: steal() on every claim, branch-free (slower here) */
#endif
#ifndef REGW
#define REGW 0 /* 1: chip words selected with masks (slower here) */
#endif
#ifndef PRECOMPUTE
#define PRECOMPUTE 0 /* 1: draw the deal's 40 picks before playing them */
#endif
#ifndef DEBUG
#define DEBUG 0
#endif
#ifndef TIE_CLOCKWISE
#define TIE_CLOCKWISE 0 /* 1: odd chips of a tie from the tied seats nearest the claimant's left */
#endif

#define N 4
#define HAND 10
#define NCOL 5
#define CAP 12
#define CHIPS 12
#define ORBITS 12
#define WIN 60
#define MID 4 /* chip row of the middle */

#define GOLDEN 0x9E3779B97F4A7C15ULL
#define GAMEK 0xD1B54A32D192ED03ULL

static inline uint64_t mix64(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}
static inline uint64_t next_u64(uint64_t *s) { *s += GOLDEN; return mix64(*s); }
static inline uint64_t game_state(uint64_t key, uint64_t i) { return mix64(key ^ (i * GAMEK)); }

/* Lemire32 rejection thresholds (2^32 - n) % n */
static uint32_t THRESH[41];

/* One draw of the engine's Lemire32 on a 32-bit half; returns k in [0,n) or -1 (rejected). */
static inline int lemire(uint32_t half, uint32_t n) {
    uint64_t m = (uint64_t)half * n;
    uint32_t low = (uint32_t)m;
    if (__builtin_expect(low < n, 0) && low < THRESH[n]) return -1;
    return (int)(m >> 32);
}

typedef struct {
    /* per seat: sum of game scores, of squares, win shares (60/k), squares */
    int64_t score[N], score2[N], win[N], win2[N];
    int64_t games;
#if STUDY
    int64_t deals, redeals, undercuts, aside, lapsed, middle;
    int64_t table[ORBITS][9][3];
#endif
#if VALIDATE
    /* per-game sums of squares: redeals, undercuts, aside, lapsed, middle */
    int64_t sq[5];
#endif
} Out;

/* Fresh deal into dealt[4] from the deal stream; returns the number of redeals. */
static inline int deal_hands(uint64_t *st, uint64_t dealt[N]) {
    int redeals = 0;
    uint8_t deck[40];
    for (;;) {
        for (int i = 0; i < 40; i++) deck[i] = (uint8_t)i;
        uint64_t h[3] = {0, 0, 0};
        int j = 0;
        uint64_t x = 0;
        int halves = 0; /* halves left in x */
        /* 30 draws fix hands 0-2; hand 3 is the rest */
        while (j < 30) {
            if (!halves) { x = next_u64(st); halves = 2; }
            uint32_t half = halves == 2 ? (uint32_t)(x >> 32) : (uint32_t)x;
            halves--;
            int k = lemire(half, 40 - j);
            if (k >= 0) {
                k += j;
                uint8_t t = deck[j]; deck[j] = deck[k]; deck[k] = t;
                h[j / 10] |= 1ULL << deck[j];
                j++;
            }
        }
        uint64_t h3 = ((1ULL << 40) - 1) ^ h[0] ^ h[1] ^ h[2];
        dealt[0] = h[0]; dealt[1] = h[1]; dealt[2] = h[2]; dealt[3] = h3;
        /* redeal if any colour (8-bit field) holds 5+ cards */
        int bad = 0;
        for (int s = 0; s < N; s++) {
            uint64_t v = dealt[s];
            v = v - ((v >> 1) & 0x5555555555ULL);
            v = (v & 0x3333333333ULL) + ((v >> 2) & 0x3333333333ULL);
            v = (v + (v >> 4)) & 0x0F0F0F0F0FULL;
            bad |= ((v + 0x7B7B7B7B7BULL) & 0x8080808080ULL) != 0;
        }
        if (!bad) return redeals;
        redeals++;
        /* consume the rest of the engine's 40-draw shuffle so the next one starts where it does */
        while (j < 40) {
            if (!halves) { x = next_u64(st); halves = 2; }
            uint32_t half = halves == 2 ? (uint32_t)(x >> 32) : (uint32_t)x;
            halves--;
            if (lemire(half, 40 - j) >= 0) j++;
        }
    }
}

/* The state of a deal lives in registers and a 6-word chip array:
 *  UP: byte c (colours 0-4) = value | owner << 4 of the face-up card of colour c; 0x79 = none
 *      (owner 7, value 9, so any card is "lower"). A seat's unpaid claim is the byte it owns
 *      (after_claim pile: at most one), found branch-free with SWAR.
 *  W[c]: chips of colour c, byte h = holder h (seats 0-3, the middle at byte 4); W[5] is a dummy
 *      colour (always 0) that a seat with nothing to claim "collects". */
#define NONE_BYTE 0x79ULL
#define UP_EMPTY 0x797979797979ULL /* bytes 0-4 and the dummy byte 5 */
#define DUMMY_C 5

#if DEBUG
static void check(uint64_t UP, const uint64_t W[8]) {
    int total = 0;
    for (int c = 0; c < NCOL; c++) {
        int sum = 0;
        for (int h = 0; h <= MID; h++) {
            int k = (int)(W[c] >> (8 * h) & 0xFF);
            sum += k;
            if (h < MID && k > CAP) { fprintf(stderr, "cap broken\n"); abort(); }
        }
        if (W[c] >> 40) abort();
        if (sum != CHIPS) { fprintf(stderr, "colour %d: %d chips\n", c, sum); abort(); }
        total += sum;
        int b = (int)(UP >> (8 * c) & 0xFF);
        if (b != (int)NONE_BYTE && ((b >> 4) > 3 || (b & 15) < 1 || (b & 15) > 8)) { fprintf(stderr, "bad face-up byte\n"); abort(); }
    }
    if (total != 5 * CHIPS || W[DUMMY_C] != 0) abort();
    for (int s = 0; s < N; s++) { /* pile: at most one unpaid face-up card per seat */
        int k = 0;
        for (int c = 0; c < NCOL; c++) k += (int)(UP >> (8 * c) & 0xFF) != (int)NONE_BYTE && (int)(UP >> (8 * c + 4) & 7) == s;
        if (k > 1) { fprintf(stderr, "seat %d: %d claims\n", s, k); abort(); }
    }
}
#endif

/* Chips still owed after the middle (D5-D7), branch-free: opponents are emptied richest first; the
 * first group of tied opponents that cannot be emptied shares what is left as evenly as possible,
 * odd chips from the seats the claimant picks (or, TIE_CLOCKWISE, the tied seats nearest its left).
 * For an opponent with k chips, T the chips of the richer opponents, E the opponents tied with it
 * (itself included) and r those of them nearer the claimant's left (TIE_CLOCKWISE), else 0 if the
 * claimant picked it and 8 if not: rem = need - T; it gives k if rem >= E*k, nothing if rem <= 0,
 * else rem / E plus one if r < rem % E. The sum given is min(need, opponents' chips). */
static inline int give(int need, int k, int T, int E, int r) {
    static const int INV[4] = {0, 1024, 512, 342}; /* rem / E = rem * INV[E] >> 10 for rem < 36 */
    int rem = need - T;
    rem &= ~(rem >> 31); /* max(rem, 0) without a branch: then nothing is given */
    int share = (rem * INV[E]) >> 10;
    int part = share + (r < rem - share * E);
    int full = -(rem >= E * k); /* masks, not ?:, so that gcc keeps it branch-free */
    return (k & full) | (part & ~full);
}

/* Odd chips of the tied group holding k that pays part of a claim (0 if it pays nothing or all). */
static inline int odd_of(int need, int k, int T, int E) {
    int rem = need - T;
    return rem <= 0 || rem >= E * k ? 0 : rem % E;
}

/* tie chooser with random play: per odd chip one draw of the claimant's stream, a uniform pick
 * floor(u * k) (u = (x >> 11) / 2^53, in doubles like the engine) among the k tied seats left, by seat. */
static inline unsigned chosen(unsigned tied, int odd, uint64_t *ps) {
    unsigned out = 0;
    for (int j = 0; j < odd; j++) {
        double u = (double)(next_u64(ps) >> 11) * (1.0 / 9007199254740992.0);
        int k = __builtin_popcount(tied);
        int i = (int)(u * k);
        if (i > k - 1) i = k - 1;
        unsigned q = (unsigned)__builtin_ctzll(_pdep_u64(1ULL << i, tied));
        out |= 1u << q;
        tied &= ~(1u << q);
    }
    return out;
}

static inline uint64_t steal(uint64_t w, int s, int need, int *got, uint64_t *ps) {
    int q1 = 8 * ((s + 1) & 3), q2 = 8 * ((s + 2) & 3), q3 = 8 * ((s + 3) & 3);
    int k1 = (int)(w >> q1 & 0xFF), k2 = (int)(w >> q2 & 0xFF), k3 = (int)(w >> q3 & 0xFF);
    int e12 = k1 == k2, e13 = k1 == k3, e23 = k2 == k3;
    int t1 = (k2 > k1) * k2 + (k3 > k1) * k3, t2 = (k1 > k2) * k1 + (k3 > k2) * k3,
        t3 = (k1 > k3) * k1 + (k2 > k3) * k2;
#if TIE_CLOCKWISE
    int r1 = 0, r2 = e12, r3 = e13 + e23;
    (void)ps;
#else
    int r1 = 0, r2 = 0, r3 = 0;
    int o1 = odd_of(need, k1, t1, 1 + e12 + e13), o2 = odd_of(need, k2, t2, 1 + e12 + e23),
        o3 = odd_of(need, k3, t3, 1 + e13 + e23);
    int odd = o1 > o2 ? o1 : o2;
    odd = odd > o3 ? odd : o3;
    if (__builtin_expect(odd > 0, 0)) { /* the claimant chooses: r 0 for a chosen seat, 8 for the others */
        unsigned tied = ((unsigned)(o1 > 0) << (q1 >> 3)) | ((unsigned)(o2 > 0) << (q2 >> 3)) |
                        ((unsigned)(o3 > 0) << (q3 >> 3));
        unsigned pick = chosen(tied, odd, ps);
        r1 = 8 - 8 * (int)(pick >> (q1 >> 3) & 1);
        r2 = 8 - 8 * (int)(pick >> (q2 >> 3) & 1);
        r3 = 8 - 8 * (int)(pick >> (q3 >> 3) & 1);
    }
#endif
    int g1 = give(need, k1, t1, 1 + e12 + e13, r1);
    int g2 = give(need, k2, t2, 1 + e12 + e23, r2);
    int g3 = give(need, k3, t3, 1 + e13 + e23, r3);
    *got = g1 + g2 + g3;
    return w - ((uint64_t)g1 << q1) - ((uint64_t)g2 << q2) - ((uint64_t)g3 << q3);
}

/* Seat s collects its unpaid face-up card if it has one (D4-D8). */
#if STUDY
#define COLLECT(s) collect(&UP, W, (s), &ps[(s)], orb, o)
static inline void collect(uint64_t *UPp, uint64_t W[8], int s, uint64_t *ps, const uint8_t *orb, Out *o) {
#else
#define COLLECT(s) collect(&UP, W, (s), &ps[(s)])
static inline void collect(uint64_t *UPp, uint64_t W[8], int s, uint64_t *ps) {
#endif
    uint64_t UP = *UPp;
    uint64_t X = UP ^ (0x1010101010ULL * (uint64_t)s);
    uint64_t f = ~((X & 0x7070707070ULL) + 0x7070707070ULL) & 0x8080808080ULL; /* bytes owned by s */
    int c = __builtin_ctzll(f | (1ULL << 47)) >> 3; /* DUMMY_C if none */
    int sh = 8 * c;
    int v = f ? (int)(UP >> sh & 15) : 0;
    *UPp = (UP & ~(0xFFULL << sh)) | (NONE_BYTE << sh); /* pile: face down */
#if REGW
    /* select the colour's word with masks: the chip words stay in registers, so no load waits on
     * the store of an earlier claim (c == 5, nothing to claim, selects 0) */
    uint64_t m0 = -(uint64_t)(c == 0), m1 = -(uint64_t)(c == 1), m2 = -(uint64_t)(c == 2),
             m3 = -(uint64_t)(c == 3), m4 = -(uint64_t)(c == 4);
    uint64_t w0 = (W[0] & m0) | (W[1] & m1) | (W[2] & m2) | (W[3] & m3) | (W[4] & m4);
    uint64_t w = w0;
#else
    uint64_t w = W[c];
#endif
    int before = (int)(w >> (8 * s) & 0xFF);
    int need = CAP - before;
    need = need < v ? need : v;
    int mid = (int)(w >> 32 & 0xFF);
    int take = need < mid ? need : mid;
    w += ((uint64_t)take << (8 * s)) - ((uint64_t)take << 32);
    need -= take;
    int gained = take;
#if STEAL_BRANCH
    if (need > 0)
#endif
    {
        int got;
        w = steal(w, s, need, &got, ps);
        w += (uint64_t)got << (8 * s);
        gained += got;
    }
#if REGW
    uint64_t dw = w - w0;
    W[0] += dw & m0; W[1] += dw & m1; W[2] += dw & m2; W[3] += dw & m3; W[4] += dw & m4;
#else
    W[c] = w;
#endif
#if STUDY
    int64_t *t = o->table[orb[c]][v]; /* row 0: nothing claimed */
    t[1] += v > 0;
    t[2] += gained;
    o->lapsed += v - gained;
#else
    (void)gained;
#endif
}

static void play_game(uint64_t deal_key, const uint64_t pkeys[N], uint64_t g, Out *o) {
    uint64_t ds = game_state(deal_key, g);
    uint64_t ps[N];
    for (int s = 0; s < N; s++) ps[s] = game_state(pkeys[s], g);
    uint64_t dealt[N];
    int redeals = deal_hands(&ds, dealt);
    int score[N] = {0, 0, 0, 0};
#if STUDY
    int64_t g_und = 0, g_aside = 0, g_lapsed0 = o->lapsed, g_mid = 0;
    o->redeals += redeals;
    uint8_t orb[8] = {0};
#else
    (void)redeals;
#endif
    for (int k = 0; k < N; k++) { /* deal k: hands passed left k times, seat k starts */
        uint64_t hand[N];
        for (int s = 0; s < N; s++) hand[s] = dealt[(s - k) & 3];
        uint64_t W[8];
        for (int c = 0; c < NCOL; c++) W[c] = (uint64_t)CHIPS << 32;
        W[5] = W[6] = W[7] = 0;
        uint64_t UP = UP_EMPTY;
#if PRECOMPUTE
        /* Random play reads nothing of the table: each seat's cards come from its own stream and hand
         * alone, so the deal's 40 picks are drawn first, in turn order, then played. Same draws, same
         * cards, same order as drawing at each turn. */
        uint8_t seq[N * HAND];
        for (int orbit = 0; orbit < HAND; orbit++) {
            uint64_t left = (uint64_t)(HAND - orbit);
            for (int t = 0; t < N; t++) {
                int q = (k + t) & 3;
                uint64_t x = next_u64(&ps[q]);
                int idx = (int)(((x >> 11) * left) >> 53);
                uint64_t h = hand[q];
                int card = __builtin_ctzll(_pdep_u64(1ULL << idx, h));
                hand[q] = h & ~(1ULL << card);
                seq[orbit * N + t] = (uint8_t)card;
            }
        }
#endif
        int s = k;
        for (int orbit = 0; orbit < HAND; orbit++) {
#if !PRECOMPUTE
            uint64_t left = (uint64_t)(HAND - orbit); /* cards in every hand at this orbit */
#endif
            for (int t = 0; t < N; t++) {
                COLLECT(s);
#if PRECOMPUTE
                int card = seq[orbit * N + t];
#else
                /* random card: floor(u * left), u = (x >> 11) / 2^53 */
                uint64_t x = next_u64(&ps[s]);
                int idx = (int)(((x >> 11) * left) >> 53);
                uint64_t h = hand[s];
                int card = __builtin_ctzll(_pdep_u64(1ULL << idx, h));
                hand[s] = h & ~(1ULL << card);
#endif
                int c = card >> 3, v = (card & 7) + 1, sh = 8 * c;
                uint64_t b = UP >> sh & 0xFF;
                int uv = (int)(b & 15);
                int place = v < uv; /* nothing face up (9) or lower: it lies face up */
                uint64_t nb = (uint64_t)v | ((uint64_t)s << 4);
                UP ^= ((b ^ nb) & -(uint64_t)place) << sh; /* an undercut card loses its claim */
#if STUDY
                o->table[orbit][v][0] += 1;
                g_aside += !place;
                g_und += place & (uv != 9);
                orb[c] = (uint8_t)(place ? orbit : orb[c]);
#endif
#if DEBUG
                check(UP, W);
#endif
                s = (s + 1) & 3;
            }
        }
        /* end orbit: claims still face up are collected, in turn order from the start seat */
        for (int t = 0; t < N; t++) COLLECT((k + t) & 3);
#if DEBUG
        check(UP, W);
        if (UP != UP_EMPTY) abort();
        for (int q = 0; q < N; q++) if (hand[q]) abort();
#endif
        /* points of the deal: chips held (byte-wise sum over colours) */
        uint64_t sum = W[0] + W[1] + W[2] + W[3] + W[4];
        for (int q = 0; q < N; q++) score[q] += (int)(sum >> (8 * q) & 0xFF);
#if STUDY
        g_mid += (int)(sum >> 32 & 0xFF);
#endif
    }
    int best = score[0];
    for (int q = 1; q < N; q++) best = score[q] > best ? score[q] : best;
    int kw = 0;
    for (int q = 0; q < N; q++) kw += score[q] == best;
    int w = WIN / kw;
    for (int q = 0; q < N; q++) {
        int64_t sc = score[q];
        o->score[q] += sc;
        o->score2[q] += sc * sc;
        int wq = score[q] == best ? w : 0;
        o->win[q] += wq;
        o->win2[q] += wq * wq;
    }
    o->games++;
#if STUDY
    o->deals += N;
    o->undercuts += g_und;
    o->aside += g_aside;
    o->middle += g_mid;
#if VALIDATE
    int64_t gl = o->lapsed - g_lapsed0;
    o->sq[0] += (int64_t)redeals * redeals;
    o->sq[1] += g_und * g_und;
    o->sq[2] += g_aside * g_aside;
    o->sq[3] += gl * gl;
    o->sq[4] += g_mid * g_mid;
#else
    (void)g_lapsed0;
#endif
#endif
}

static double clock_s(clockid_t id) {
    struct timespec ts;
    clock_gettime(id, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    if (argc < 8) { fprintf(stderr, "usage: %s GAMES REPS DEAL_KEY PKEY0..3\n", argv[0]); return 2; }
    long games = atol(argv[1]);
    int reps = atoi(argv[2]);
    uint64_t deal_key = strtoull(argv[3], 0, 10);
    uint64_t pkeys[N];
    for (int s = 0; s < N; s++) pkeys[s] = strtoull(argv[4 + s], 0, 10);
    for (uint32_t n = 1; n <= 40; n++) THRESH[n] = (uint32_t)((0x100000000ULL - n) % n);
    Out o;
    memset(&o, 0, sizeof o);
    double best = 1e30, best_cpu = 1e30;
    for (int r = 0; r < reps; r++) {
        memset(&o, 0, sizeof o);
        double t0 = clock_s(CLOCK_MONOTONIC), c0 = clock_s(CLOCK_THREAD_CPUTIME_ID);
        for (long g = 0; g < games; g++) play_game(deal_key, pkeys, (uint64_t)g, &o);
        double t = clock_s(CLOCK_MONOTONIC) - t0, tc = clock_s(CLOCK_THREAD_CPUTIME_ID) - c0;
        if (t < best) best = t;
        if (tc < best_cpu) best_cpu = tc;
        fprintf(stderr, "rep %d: wall %.4f s %.0f games/s, cpu %.4f s %.0f games/s\n", r, t, games / t, tc, games / tc);
    }
    printf("games %lld\nbest_s %.6f\ngames_per_s %.0f\nns_per_decision %.3f\ncpu_games_per_s %.0f\n",
           (long long)o.games, best, games / best, best * 1e9 / (games * 160.0), games / best_cpu);
    for (int s = 0; s < N; s++)
        printf("seat %d score %lld score2 %lld win %lld win2 %lld\n", s, (long long)o.score[s],
               (long long)o.score2[s], (long long)o.win[s], (long long)o.win2[s]);
#if STUDY
    printf("deals %lld\nredeals %lld\nundercuts %lld\naside %lld\nlapsed %lld\nmiddle %lld\n",
           (long long)o.deals, (long long)o.redeals, (long long)o.undercuts, (long long)o.aside,
           (long long)o.lapsed, (long long)o.middle);
    printf("table");
    for (int a = 0; a < ORBITS; a++)
        for (int v = 0; v < 8; v++)
            for (int f = 0; f < 3; f++) printf(" %lld", (long long)o.table[a][v + 1][f]);
    printf("\n");
#endif
#if VALIDATE
    printf("sq %lld %lld %lld %lld %lld\n", (long long)o.sq[0], (long long)o.sq[1], (long long)o.sq[2],
           (long long)o.sq[3], (long long)o.sq[4]);
#endif
    return 0;
}
