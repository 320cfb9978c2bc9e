/* razzia.c: a tight single-threaded C Razzia, 5 players, the engine's default Settings, random play.
 *
 * Follows core/razzia/engine.py draw for draw (SplitMix64 streams razzia/deal, razzia/dice and
 * razzia/policy/seat at game index g, Lemire, deal_from's two halves per draw, the random policy's
 * _uniform/_below), so with the engine's stream keys it reproduces the engine's games exactly.
 *
 * Build:  gcc -O3 -march=native razzia.c -o razzia            (variant A: per-game results only)
 *         gcc -O3 -march=native -DSTUDY razzia.c -o razzia_s  (variant B: the engine's whole count vector)
 *         add -DDEBUG for money/card conservation checks.
 * Run:    ./razzia N REPS DEAL_KEY DICE_KEY PK0 PK1 PK2 PK3 PK4 [dump]
 *         plays games 0..N-1 REPS times, prints the best rate; with "dump" (variant B) prints the
 *         count vector (engine.layout(5) order), one number a line.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef uint64_t u64;
typedef uint32_t u32;
typedef int64_t i64;

#define N 5
#define NB 6
#define HANDN 5
#define DECK 54
#define NMONEY 84
#define PER_ROUND 7
#define ROUNDS 12
#define TOTAL_UNITS 343
#define WIN 840

static inline u64 mix64(u64 z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}
static inline u64 nxt(u64 *s) { *s += 0x9E3779B97F4A7C15ULL; return mix64(*s); }
static inline u64 game_state(u64 key, u64 g) { return mix64(key ^ (g * 0xD1B54A32D192ED03ULL)); }

/* Lemire of 32 bits to [0, n); -1 rejected */
static inline int lemire(u32 x, u32 n) {
    u64 m = (u64)x * n;
    u32 low = (u32)m;
    if (__builtin_expect(low < n, 0)) {
        u32 t = (u32)(-n) % n;
        if (low < t) return -1;
    }
    return (int)(m >> 32);
}

/* core.rng.deal_from with n_draw = n */
static inline void shuffle(u64 *st, uint8_t *d, int n) {
    int j = 0;
    while (j < n) {
        u64 x = nxt(st);
        int k = lemire((u32)(x >> 32), (u32)(n - j));
        if (k >= 0) { k += j; uint8_t t = d[j]; d[j] = d[k]; d[k] = t; j++; }
        if (j < n) {
            k = lemire((u32)x, (u32)(n - j));
            if (k >= 0) { k += j; uint8_t t = d[j]; d[j] = d[k]; d[k] = t; j++; }
        }
    }
}

static inline int die(u64 *st) {
    for (;;) {
        u64 x = nxt(st);
        int k = lemire((u32)(x >> 32), 6);
        if (k >= 0) return k + 1;
    }
}

static inline double uni(u64 *st) { return (double)(nxt(st) >> 11) * (1.0 / 9007199254740992.0); }
static inline int below(u64 *st, int k) {
    int i = (int)(uni(st) * k);
    return i < k - 1 ? i : k - 1;
}

static const int DENOM[8] = {1, 2, 3, 4, 5, 6, 8, 10};
static uint8_t STOCK0[DECK], MDECK0[NMONEY];
static const int BUCKET[14] = {0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 5, 5, 6};
static const uint8_t DIST[N][N] = { /* DIST[s][c] = (s - c) mod 5 */
    {0, 4, 3, 2, 1}, {1, 0, 4, 3, 2}, {2, 1, 0, 4, 3}, {3, 2, 1, 0, 4}, {4, 3, 2, 1, 0}};

/* counts: the engine's layout(5) */
enum { P_GAMES, P_MONEY, P_MONEY2, P_WIN, P_WIN2, P_MLEFT, P_BARS_WON };
enum { G_GAMES, G_BLOCKS, G_ROUNDS, G_LEFTOVER, G_LEFTOVER2, G_RESHUFFLES, G_SHARED, G_HAGGLES, G_NO_OFFER,
       G_ACCEPTS, G_DECLINES, G_DUELS, G_CALLED, G_CALLER_WINS, G_KNOCKOUTS, G_ROLLOFFS, G_ORDER_ROLLOFFS };
#define O_SEAT 35
#define O_CROU 70
#define O_GLOB 85
#define O_TAB 102
#define N_TABLE 1008
#define O_CROSS 3126
#define SIZE 3176
static i64 cnt[SIZE];
/* variant A: per-game results */
static i64 sum_money[N], sum_win[N];

#ifdef STUDY
#define ST(x) x
#else
#define ST(x)
#endif

typedef struct {
    u64 deal, dice, pol[N];
    u64 hand[N];            /* 5 card codes a byte, slot 0 lowest; 0 = empty */
    uint8_t table[N];       /* the card played this round */
    uint8_t stock[DECK], discard[DECK], mdeck[NMONEY];
    int top, nstock, ndisc, reshuffles;
    u64 money[NB];          /* per bar, money cards per denomination, a byte each */
    int units[NB];
    int won[N], bars_won[N];
    int paid[N];
} Game;

static inline void reshuffle(Game *G) {
    int m = G->ndisc;
    memcpy(G->stock, G->discard, m);
    shuffle(&G->deal, G->stock, m);
    G->top = 0; G->nstock = m; G->ndisc = 0; G->reshuffles++;
}

static inline uint8_t draw_card(Game *G) {
    if (__builtin_expect(G->nstock == 0, 0)) reshuffle(G);
    G->nstock--;
    return G->stock[G->top++];
}

static inline void place(Game *G, int bar, int d) {
    G->money[bar] += 1ULL << (8 * d);
    G->units[bar] += DENOM[d];
}

/* H5: a throws first; returns the winner */
static inline int duel(Game *G, int a, int b, int caller, const int *val) {
    for (;;) {
        int ra = die(&G->dice), rb = die(&G->dice);
        int ta = ra + val[a], tb = rb + val[b];
        if (ta != tb || caller >= 0) {
            int win = ta != tb ? (ta > tb ? a : b) : caller;
            ST(cnt[O_GLOB + G_DUELS]++;)
            ST(if (caller >= 0) { cnt[O_GLOB + G_CALLED]++; cnt[O_GLOB + G_CALLER_WINS] += win == caller; })
            return win;
        }
    }
}

static inline int tie_caller(int a, int b, int decl) {
    int ca = (decl >> a) & 1, cb = (decl >> b) & 1;
    if (ca && !cb) return a;
    if (cb && !ca) return b;
    return -1;
}

/* H7/H8 knockout order (many_order value): engine._knockout_order */
static void knockout_order(const int *order, int m, const int *val, const int *far, int *ko) {
    int rk[N];
    for (int x = 0; x < m; x++) rk[x] = order[x];
    for (int x = 1; x < m; x++)
        for (int y = x; y > 0 && val[rk[y - 1]] < val[rk[y]]; y--) { int t = rk[y]; rk[y] = rk[y - 1]; rk[y - 1] = t; }
    int i = 0;
    while (i < m) {
        int j = i;
        while (j < m && val[rk[j]] == val[rk[i]]) j++;
        for (int x = i + 1; x < j; x++)
            for (int y = x; y > i && far[rk[y - 1]] > far[rk[y]]; y--) { int t = rk[y]; rk[y] = rk[y - 1]; rk[y - 1] = t; }
        int x = i;
        if (i == 0) { ko[0] = rk[0]; x = 1; }
        int lo = i > 1 ? i : 1;
        for (int r = j - 1; r >= lo; r--) ko[m - r] = rk[x++];
        i = j;
    }
}

/* H1-H9 between k >= 2 contestants: fills got[] (units) */
static void haggle(Game *G, int bar, int contest, int k, int c, int *got) {
    int val[N], far[N], con[N];
    int p = -1, best = -1, nc = 0;
    ST(cnt[O_GLOB + G_HAGGLES]++;)
    for (int s = 0; s < N; s++) {
        if ((contest >> s) & 1) {
            val[s] = G->table[s] & 7;
            far[s] = DIST[s][c] * 16;
            int key = val[s] * 256 + far[s];
            if (key > best) { best = key; p = s; }
            con[nc++] = s;
        } else { val[s] = 0; far[s] = 0; }
        got[s] = 0;
    }
    /* H2: random division, card by card, denominations ascending, proposer's stream */
    int offer[N] = {0, 0, 0, 0, 0};
    u64 mm = G->money[bar];
    while (mm) {
        int byte = __builtin_ctzll(mm) >> 3;
        int n = (int)((mm >> (8 * byte)) & 0xff);
        int v = DENOM[byte];
        mm &= ~(0xffULL << (8 * byte));
        for (int t = 0; t < n; t++) offer[con[below(&G->pol[p], k)]] += v;
    }
    /* H3: answers clockwise from the proposer's left */
    int decl = 0;
    for (int i = 1; i < N; i++) {
        int o = p + i; if (o >= N) o -= N;
        if ((contest >> o) & 1) {
            if (uni(&G->pol[o]) < 0.5) { ST(cnt[O_GLOB + G_ACCEPTS]++;) got[o] = offer[o]; }
            else { ST(cnt[O_GLOB + G_DECLINES]++;) decl |= 1 << o; }
        }
    }
    if (decl == 0) { got[p] = offer[p]; return; }
    int order[N], m = 1;
    order[0] = p;
    for (int i = 1; i < N; i++) { int o = (p + i) % N; if ((decl >> o) & 1) order[m++] = o; }
    int pot = 0;
    for (int x = 0; x < m; x++) pot += offer[order[x]];
    int winner;
    if (m == 2) {
        winner = duel(G, p, order[1], tie_caller(p, order[1], decl), val);
    } else {
        int ko[N];
        ST(cnt[O_GLOB + G_KNOCKOUTS]++;)
        knockout_order(order, m, val, far, ko);
        winner = ko[0];
        for (int x = 1; x < m; x++) winner = duel(G, winner, ko[x], tie_caller(winner, ko[x], decl), val);
    }
    got[winner] += pot;
}

static inline void study(int tab, int value, int units, int others, int won) {
    i64 *b = cnt + O_TAB + tab * N_TABLE + (((value - 1) * 7 + BUCKET[units < 13 ? units : 13]) * 8 + others) * 3;
    b[0]++; b[1] += won > 0; b[2] += won;
}

static void settle_round(Game *G, int c) {
    int at[NB] = {0, 0, 0, 0, 0, 0};
    int polmask = 0, occ = 0;
    for (int s = 0; s < N; s++) {
        int code = G->table[s];
        at[code >> 4] |= 1 << s;
        occ |= 1 << (code >> 4);
        polmask |= ((code >> 3) & 1) << s;
        G->paid[s] = 0;
    }
    while (occ) {   /* the bars with cards, left to right */
        int b = __builtin_ctz(occ);
        occ &= occ - 1;
        int here = at[b];
        int units = G->units[b];
        int pol = here & polmask, gam = here & ~polmask;
        if (gam && units) {
            int contest = pol ? pol : gam;
            if ((contest & (contest - 1)) == 0) {
                int s = __builtin_ctz(contest);
                G->won[s] += units; G->bars_won[s]++; G->paid[s] = units;
            } else {
                int got[N];
                haggle(G, b, contest, __builtin_popcount(contest), c, got);
                for (int m = contest; m; m &= m - 1) {
                    int s = __builtin_ctz(m);
                    if (got[s] > 0) { G->won[s] += got[s]; G->bars_won[s]++; G->paid[s] = got[s]; }
                }
            }
            G->money[b] = 0; G->units[b] = 0;
        }
#ifdef STUDY
        int others = __builtin_popcount(here) - 1;
        int gtab = pol ? 1 : 2;
        for (int m = here; m; m &= m - 1) {
            int s = __builtin_ctz(m);
            int code = G->table[s];
            study((code & 8) ? 0 : gtab, code & 7, units, others, G->paid[s]);
        }
#endif
    }
}

/* one game; results in G->won, G->bars_won; returns leftover */
static int play_game(Game *G, u64 g, u64 deal_key, u64 dice_key, const u64 *pkeys) {
    G->deal = game_state(deal_key, g);
    G->dice = game_state(dice_key, g);
    for (int s = 0; s < N; s++) G->pol[s] = game_state(pkeys[s], g);
    memcpy(G->stock, STOCK0, DECK);
    memcpy(G->mdeck, MDECK0, NMONEY);
    memset(G->money, 0, sizeof G->money);
    memset(G->units, 0, sizeof G->units);
    memset(G->won, 0, sizeof G->won);
    memset(G->bars_won, 0, sizeof G->bars_won);
    shuffle(&G->deal, G->stock, DECK);
    shuffle(&G->deal, G->mdeck, NMONEY);
    G->top = 0; G->nstock = DECK; G->ndisc = 0; G->reshuffles = 0;
    /* K7: five passes, seats 1..4, 0 */
    for (int s = 0; s < N; s++) G->hand[s] = 0;
    for (int pass = 0; pass < HANDN; pass++)
        for (int i = 0; i < N; i++) {
            int s = (1 + i) % N;
            G->hand[s] |= (u64)G->stock[G->top++] << (8 * pass);
        }
    G->nstock -= N * HANDN;
    for (int rnd = 0; rnd < ROUNDS; rnd++) {
        int c = rnd % N;
        const uint8_t *md = G->mdeck + rnd * PER_ROUND;
        for (int i = 0; i < NB; i++) place(G, i, md[i]);
        place(G, below(&G->pol[c], NB), md[NB]);   /* R1: the croupier's random bar */
        /* R3: cards, clockwise from the croupier's left */
        for (int i = 1; i <= N; i++) {
            int s = c + i; if (s >= N) s -= N;
            int j = below(&G->pol[s], HANDN);
            u64 h = G->hand[s];
            G->table[s] = (uint8_t)(h >> (8 * j));
            u64 low = (1ULL << (8 * j)) - 1;
            G->hand[s] = (h & low) | ((h >> 8) & ~low);
        }
#ifdef STUDY
        int won0[N];
        for (int s = 0; s < N; s++) won0[s] = G->won[s];
#endif
        settle_round(G, c);
#ifdef STUDY
        for (int s = 0; s < N; s++) {
            i64 w = G->won[s] - won0[s];
            i64 *bb = cnt + O_CROU + DIST[s][c] * 3;
            bb[0]++; bb[1] += w; bb[2] += w * w;
        }
#endif
        /* R5-R7: discard (seat order), refill clockwise from the new croupier's left */
        for (int s = 0; s < N; s++) G->discard[G->ndisc++] = G->table[s];
        if (rnd == ROUNDS - 1) break;
        int first = (c + 2) % N;
        for (int i = 0; i < N; i++) {
            int s = first + i; if (s >= N) s -= N;
            G->hand[s] |= (u64)draw_card(G) << 32;
        }
    }
    int leftover = 0;
    for (int b = 0; b < NB; b++) leftover += G->units[b];
#ifdef DEBUG
    {
        int tot = leftover;
        for (int s = 0; s < N; s++) tot += G->won[s];
        if (tot != TOTAL_UNITS) { fprintf(stderr, "money not conserved in game %llu: %d\n", (unsigned long long)g, tot); abort(); }
        int cards = G->nstock + G->ndisc;
        for (int s = 0; s < N; s++) for (int j = 0; j < HANDN; j++) cards += ((G->hand[s] >> (8 * j)) & 0xff) != 0;
        if (cards != DECK) { fprintf(stderr, "cards not conserved in game %llu: %d\n", (unsigned long long)g, cards); abort(); }
    }
#endif
    return leftover;
}

static void tally(i64 *base, int money, int win, int leftover, int bw) {
    base[P_GAMES]++; base[P_MONEY] += money; base[P_MONEY2] += (i64)money * money;
    base[P_WIN] += win; base[P_WIN2] += (i64)win * win; base[P_MLEFT] += (i64)money * leftover;
    base[P_BARS_WON] += bw;
}

static void run(u64 start, u64 stop, u64 deal_key, u64 dice_key, const u64 *pkeys) {
    Game G;
    for (u64 g = start; g < stop; g++) {
        int leftover = play_game(&G, g, deal_key, dice_key, pkeys);
        int best = -1;
        for (int s = 0; s < N; s++) if (G.won[s] > best) best = G.won[s];
        int tied = 0;
        for (int s = 0; s < N; s++) if (G.won[s] == best) tied |= 1 << s;
        int kk = __builtin_popcount(tied);
        int win[N];
        for (int s = 0; s < N; s++) win[s] = ((tied >> s) & 1) ? WIN / kk : 0;
#ifdef STUDY
        int r = (int)(g % N);
        i64 money_p[N], win_p[N];
        for (int s = 0; s < N; s++) {
            int p = (s - r + N) % N;
            tally(cnt + p * 7, G.won[s], win[s], leftover, G.bars_won[s]);
            tally(cnt + O_SEAT + s * 7, G.won[s], win[s], leftover, G.bars_won[s]);
            money_p[p] = G.won[s]; win_p[p] = win[s];
        }
        for (int p = 0; p < N; p++)
            for (int q = 0; q < N; q++) {
                cnt[O_CROSS + p * N + q] += money_p[p] * money_p[q];
                cnt[O_CROSS + N * N + p * N + q] += win_p[p] * win_p[q];
            }
        i64 *gl = cnt + O_GLOB;
        gl[G_GAMES]++; gl[G_BLOCKS]++; gl[G_ROUNDS] += ROUNDS; gl[G_LEFTOVER] += leftover;
        gl[G_LEFTOVER2] += (i64)leftover * leftover; gl[G_RESHUFFLES] += G.reshuffles; gl[G_SHARED] += kk > 1;
#else
        for (int s = 0; s < N; s++) { sum_money[s] += G.won[s]; sum_win[s] += win[s]; }
#endif
    }
}

int main(int argc, char **argv) {
    if (argc < 10) { fprintf(stderr, "usage: %s N REPS DEAL_KEY DICE_KEY PK0..PK4 [dump]\n", argv[0]); return 2; }
    u64 n = strtoull(argv[1], 0, 10);
    int reps = atoi(argv[2]);
    u64 deal_key = strtoull(argv[3], 0, 10), dice_key = strtoull(argv[4], 0, 10), pkeys[N];
    for (int s = 0; s < N; s++) pkeys[s] = strtoull(argv[5 + s], 0, 10);
    int dump = argc > 10 && !strcmp(argv[10], "dump");
    /* K2/K4: per bar gamblers 1-6 (one 3, one 4), police 3, 4, 6; K5: money in file order */
    static const uint8_t row[9] = {1, 2, 3, 4, 5, 6, 8 + 3, 8 + 4, 8 + 6};
    for (int b = 0, m = 0; b < NB; b++) for (int r = 0; r < 9; r++) STOCK0[m++] = (uint8_t)(b * 16 + row[r]);
    static const int mcount[8] = {14, 14, 14, 14, 7, 7, 7, 7};
    for (int d = 0, m = 0; d < 8; d++) for (int i = 0; i < mcount[d]; i++) MDECK0[m++] = (uint8_t)d;
    double best = 1e30, bestc = 1e30;
    for (int rep = 0; rep < reps; rep++) {
        memset(cnt, 0, sizeof cnt); memset(sum_money, 0, sizeof sum_money); memset(sum_win, 0, sizeof sum_win);
        struct timespec t0, t1, c0, c1;
        clock_gettime(CLOCK_MONOTONIC, &t0); clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c0);
        run(0, n, deal_key, dice_key, pkeys);
        clock_gettime(CLOCK_MONOTONIC, &t1); clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &c1);
        double dt = (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec);
        if (dt < best) best = dt;
        double ct = (c1.tv_sec - c0.tv_sec) + 1e-9 * (c1.tv_nsec - c0.tv_nsec);
        if (ct < bestc) bestc = ct;
    }
    if (dump) {
        for (int i = 0; i < SIZE; i++) printf("%lld\n", (long long)cnt[i]);
    } else {
        i64 chk = 0;
        for (int i = 0; i < SIZE; i++) chk += cnt[i] * (i + 1);
        for (int s = 0; s < N; s++) chk += sum_money[s] * (s + 7) + sum_win[s];
        printf("games %llu wall: best %.4f s %.0f games/s %.2f ns/card choice | cpu: best %.4f s %.0f games/s %.2f ns/card choice (checksum %lld)\n",
               (unsigned long long)n, best, n / best, 1e9 * best / n / (ROUNDS * N), bestc, n / bestc,
               1e9 * bestc / n / (ROUNDS * N), (long long)chk);
        printf("mean money per seat:");
        for (int s = 0; s < N; s++) printf(" %.4f", (double)(sum_money[s] ? sum_money[s] : cnt[O_SEAT + s * 7 + P_MONEY]) / n);
        printf("\n");
    }
    return 0;
}
