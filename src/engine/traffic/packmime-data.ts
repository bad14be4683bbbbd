/**
 * The PackMime-HTTP model's published constants, as data.
 *
 * Source: J. Cao, W. S. Cleveland, Y. Gao, K. Jeffay, F. D. Smith, M. C. Weigle,
 * "Stochastic Models for Generating Synthetic HTTP Source Traffic", IEEE INFOCOM 2004,
 * as distributed with ns-2.35 (packmime/packmime_ranvar.cc: the fitted inverse-CDF
 * tables, the Weibull and logit coefficients). The numbers are facts of the fitted model;
 * the code that samples them is this project's own (src/engine/traffic/packmime.ts).
 * seeds/000 §5.1 uses this model (via ns-2) for its HTTP workload.
 *
 * Every table is an inverse CDF given as knots (x, y) with linear interpolation between
 * them and linear extrapolation past the last knot, as the model was fitted:
 *  - "linear" tables: x = p (cumulative probability), y = the value;
 *  - "log" tables: x = log2(1 - p), y = log2(value).
 * Replace a table here (keeping its shape) to run the generator on another fit.
 */

export interface InvCdfTable {
  /** 'linear': x = p, y = value. 'log': x = log2(1 - p), y = log2(value). */
  scale: 'linear' | 'log';
  x: readonly number[];
  y: readonly number[];
}

/**
 * Response ("server file") sizes, bytes. Responses come in runs: a run of cache-validation
 * responses (small, table A) alternates with a run of downloads (heavy-tailed, table B);
 * run lengths are ceil(Weibull(shape, scale)) with the shape depending on the connection
 * rate through a logit-linear law (RSP_RUN below). ns-2.35 packmime_ranvar.cc
 * FSIZE0_INVCDF_A/B.
 */
export const RSP_CACHE: InvCdfTable = {
  scale: 'linear',
  x: [
    1e-4, 0.0102, 0.0203, 0.0304, 0.0405, 0.0506, 0.0607, 0.0708, 0.0809, 0.091, 0.1011, 0.1112, 0.1213, 0.1314, 0.1415, 0.1516, 0.1617, 0.1718, 0.1819, 0.192, 0.2021,
    0.2122, 0.2223, 0.2324, 0.2425, 0.2526, 0.2627, 0.2728, 0.2829, 0.293, 0.3031, 0.3132, 0.3233, 0.3334, 0.3435, 0.3536, 0.3637, 0.3738, 0.3839, 0.394, 0.4041,
    0.4142, 0.4243, 0.4344, 0.4445, 0.4546, 0.4647, 0.4748, 0.4849, 0.495, 0.5051, 0.5152, 0.5253, 0.5354, 0.5455, 0.5556, 0.5657, 0.5758, 0.5859, 0.596, 0.6061,
    0.6162, 0.6263, 0.6364, 0.64649, 0.65659, 0.66669, 0.67679, 0.68689, 0.69699, 0.70709, 0.71719, 0.72729, 0.73739, 0.74749, 0.75759, 0.76769, 0.77779, 0.78789,
    0.79799, 0.80809, 0.81819, 0.82829, 0.83839, 0.84849, 0.85859, 0.86869, 0.87879, 0.88889, 0.89899, 0.90909, 0.91919, 0.92929, 0.93939, 0.94949, 0.95959,
    0.96969, 0.97979, 0.98989, 0.99999,
  ],
  y: [
    4.645, 22.7357, 40.8041, 53.0108, 61.468, 64.4307, 67.3933, 69.6925, 71.3981, 73.1037, 74.8092, 80.6677, 87.4875, 93.5693, 97.6514, 101.249, 104.58, 107.021,
    109.195, 111.087, 112.752, 114.273, 115.545, 116.78, 118.014, 119.248, 120.483, 121.551, 122.51, 123.441, 124.312, 125.119, 125.927, 126.734, 127.524, 128.288,
    129.053, 129.818, 130.582, 131.347, 132.143, 132.973, 133.835, 134.71, 135.603, 136.537, 137.47, 138.404, 139.337, 140.28, 141.233, 142.186, 143.139, 144.092,
    145.045, 145.979, 146.904, 147.816, 148.71, 149.589, 150.485, 151.478, 152.703, 153.928, 155.403, 157.294, 159.389, 161.953, 165.018, 168.54, 172.7, 177.629,
    183.365, 189.766, 195.845, 200.636, 203.987, 206.43, 208.611, 211.114, 214.424, 218.008, 221.925, 225.722, 229.242, 232.747, 236.235, 239.952, 244.076, 248.68,
    253.434, 257.857, 261.539, 264.471, 266.742, 268.487, 269.793, 270.794, 271.571, 272.234,
  ],
};

export const RSP_DOWNLOAD: InvCdfTable = {
  scale: 'log',
  x: [
    -18.1793, -17.9957, -17.8121, -17.6285, -17.4449, -17.2613, -17.0777, -16.8941, -16.7104, -16.5268, -16.3432, -16.1596, -15.976, -15.7924, -15.6088, -15.4252,
    -15.2415, -15.0579, -14.8743, -14.6907, -14.5071, -14.3235, -14.1399, -13.9563, -13.7726, -13.589, -13.4054, -13.2218, -13.0382, -12.8546, -12.671, -12.4874,
    -12.3038, -12.1201, -11.9365, -11.7529, -11.5693, -11.3857, -11.2021, -11.0185, -10.8349, -10.6513, -10.4677, -10.284, -10.1004, -9.91682, -9.7332, -9.54959,
    -9.36598, -9.18237, -8.99876, -8.81515, -8.63154, -8.44792, -8.26431, -8.0807, -7.89709, -7.71348, -7.52987, -7.34626, -7.16265, -6.97903, -6.79542, -6.61181,
    -6.4282, -6.24459, -6.06098, -5.87737, -5.69376, -5.51014, -5.32653, -5.14292, -4.95931, -4.7757, -4.59209, -4.40848, -4.22486, -4.04125, -3.85764, -3.67403,
    -3.49042, -3.30681, -3.1232, -2.93959, -2.75597, -2.57236, -2.38875, -2.20514, -2.02153, -1.83792, -1.65431, -1.47069, -1.28708, -1.10347, -0.91986, -0.73625,
    -0.55264, -0.36903, -0.18542, -0.0018,
  ],
  y: [
    25.8765, 25.7274, 25.5782, 25.4291, 25.2799, 25.1308, 24.9817, 24.8325, 24.6834, 24.5342, 24.3851, 24.2359, 24.0868, 23.9377, 23.7885, 23.6394, 23.4902,
    23.3411, 23.1919, 23.0428, 22.8937, 22.7445, 22.5954, 22.4462, 22.2971, 22.1479, 21.9988, 21.8497, 21.7005, 21.5514, 21.4022, 21.2531, 21.104, 20.9548, 20.8057,
    20.6565, 20.5074, 20.3582, 20.2091, 20.06, 19.9108, 19.7617, 19.6125, 19.4634, 19.3143, 19.1651, 19.016, 18.8668, 18.7177, 18.5685, 18.4194, 18.2703, 18.1211,
    17.972, 17.8228, 17.6737, 17.5245, 17.3754, 17.2263, 17.0771, 16.928, 16.7788, 16.6297, 16.4806, 16.3314, 16.1823, 16.0331, 15.8842, 15.739, 15.6026, 15.4804,
    15.3778, 15.3003, 15.2465, 15.2045, 15.1597, 15.0978, 15.0044, 14.8675, 14.6932, 14.4968, 14.2932, 14.0976, 13.9248, 13.7783, 13.6435, 13.5042, 13.3444, 13.1478,
    12.9005, 12.6008, 12.2512, 11.8545, 11.4133, 10.9303, 10.4104, 9.86075, 9.28886, 8.70213, 8.10797,
  ],
};

/**
 * Request sizes, bytes: with probability REQ_PROB_A from table A (small requests,
 * 51-422 bytes), otherwise from the heavy-tailed table B. ns-2.35 FSIZE1_INVCDF_A/B and
 * FSIZE1_PROB_A = 0.5.
 */
export const REQ_PROB_A = 0.5;
export const REQ_SMALL: InvCdfTable = {
  scale: 'linear',
  x: [
    3e-5, 0.01013, 0.02023, 0.03033, 0.04043, 0.05053, 0.06063, 0.07074, 0.08084, 0.09094, 0.10104, 0.11114, 0.12124, 0.13134, 0.14144, 0.15154, 0.16164, 0.17174,
    0.18184, 0.19194, 0.20204, 0.21214, 0.22225, 0.23235, 0.24245, 0.25255, 0.26265, 0.27275, 0.28285, 0.29295, 0.30305, 0.31315, 0.32325, 0.33335, 0.34345,
    0.35355, 0.36365, 0.37376, 0.38386, 0.39396, 0.40406, 0.41416, 0.42426, 0.43436, 0.44446, 0.45456, 0.46466, 0.47476, 0.48486, 0.49496, 0.50506, 0.51516,
    0.52526, 0.53537, 0.54547, 0.55557, 0.56567, 0.57577, 0.58587, 0.59597, 0.60607, 0.61617, 0.62627, 0.63637, 0.64647, 0.65657, 0.66667, 0.67677, 0.68688,
    0.69698, 0.70708, 0.71718, 0.72728, 0.73738, 0.74748, 0.75758, 0.76768, 0.77778, 0.78788, 0.79798, 0.80808, 0.81818, 0.82828, 0.83839, 0.84849, 0.85859,
    0.86869, 0.87879, 0.88889, 0.89899, 0.90909, 0.91919, 0.92929, 0.93939, 0.94949, 0.95959, 0.96969, 0.97979, 0.98989, 1,
  ],
  y: [
    50.9777, 93.8217, 123.301, 146.594, 168.813, 184.263, 193.95, 200.037, 204.696, 210.069, 217.623, 226.668, 236.226, 245.269, 253.057, 259.624, 265.16, 269.811,
    273.754, 277.165, 280.193, 283.062, 285.893, 288.79, 291.744, 294.738, 297.754, 300.776, 303.784, 306.763, 309.698, 312.564, 315.349, 318.042, 320.624, 323.107,
    325.49, 327.782, 329.987, 332.11, 334.159, 336.135, 338.047, 339.898, 341.695, 343.443, 345.145, 346.808, 348.439, 350.04, 351.619, 353.177, 354.716, 356.239,
    357.744, 359.233, 360.709, 362.17, 363.619, 365.056, 366.483, 367.9, 369.31, 370.711, 372.106, 373.496, 374.881, 376.263, 377.643, 379.021, 380.399, 381.778,
    383.159, 384.542, 385.929, 387.321, 388.719, 390.121, 391.528, 392.939, 394.355, 395.775, 397.199, 398.626, 400.057, 401.491, 402.928, 404.368, 405.81, 407.255,
    408.702, 410.151, 411.602, 413.054, 414.508, 415.963, 417.418, 418.874, 420.331, 421.788,
  ],
};
export const REQ_LARGE: InvCdfTable = {
  scale: 'log',
  x: [
    -17.7791, -17.5996, -17.4201, -17.2406, -17.0611, -16.8816, -16.7021, -16.5226, -16.3431, -16.1635, -15.984, -15.8045, -15.625, -15.4455, -15.266, -15.0865,
    -14.907, -14.7275, -14.548, -14.3685, -14.189, -14.0095, -13.83, -13.6505, -13.471, -13.2915, -13.112, -12.9325, -12.753, -12.5735, -12.394, -12.2145, -12.035,
    -11.8555, -11.676, -11.4965, -11.317, -11.1375, -10.958, -10.7785, -10.599, -10.4194, -10.24, -10.0604, -9.88094, -9.70144, -9.52193, -9.34243, -9.16293,
    -8.98342, -8.80392, -8.62442, -8.44491, -8.26541, -8.08591, -7.9064, -7.7269, -7.5474, -7.3679, -7.18839, -7.00889, -6.82939, -6.64988, -6.47038, -6.29088,
    -6.11137, -5.93187, -5.75237, -5.57286, -5.39336, -5.21386, -5.03435, -4.85485, -4.67535, -4.49584, -4.31634, -4.13684, -3.95733, -3.77783, -3.59833, -3.41883,
    -3.23932, -3.05982, -2.88032, -2.70081, -2.52131, -2.34181, -2.1623, -1.9828, -1.8033, -1.62379, -1.44429, -1.26479, -1.08528, -0.90578, -0.72628, -0.54678,
    -0.36727, -0.18777, -0.00827,
  ],
  y: [
    19.7578, 19.6369, 19.5159, 19.3949, 19.274, 19.153, 19.032, 18.9111, 18.7901, 18.6691, 18.5482, 18.4272, 18.3063, 18.1853, 18.0643, 17.9434, 17.8224, 17.7014,
    17.5805, 17.4595, 17.3386, 17.2176, 17.0966, 16.9757, 16.8547, 16.7337, 16.6128, 16.4918, 16.3708, 16.2499, 16.1289, 16.0079, 15.887, 15.766, 15.6451, 15.5241,
    15.4031, 15.2822, 15.1612, 15.0402, 14.9193, 14.7983, 14.6774, 14.5564, 14.4354, 14.3145, 14.1935, 14.0725, 13.9516, 13.8306, 13.7096, 13.5887, 13.4677,
    13.3468, 13.2258, 13.1048, 12.9839, 12.8629, 12.7419, 12.621, 12.5, 12.3791, 12.2581, 12.1371, 12.0162, 11.8952, 11.7742, 11.6533, 11.5323, 11.4113, 11.2904,
    11.1694, 11.0485, 10.9275, 10.8065, 10.6856, 10.5646, 10.4436, 10.3239, 10.2092, 10.1034, 10.0105, 9.93459, 9.87896, 9.8393, 9.80562, 9.76884, 9.71919, 9.64712,
    9.54737, 9.42776, 9.29852, 9.16992, 9.05219, 8.95525, 8.88155, 8.82669, 8.78593, 8.75459, 8.72795,
  ],
};

/**
 * A logit-linear law of the connection rate r (connections/s), in base 2 as the model's
 * fits are: value = 2^z / (1 + 2^z), z = a + b log2 r (ns-2.35 rng.h: logit(x) =
 * log2(x / (1 - x)), logitinv(z) = 2^z / (1 + 2^z)). Until 2026-11-26 the engine read these
 * laws in base e, which made every shape and ratio below too close to 1 (gap shape 0.95
 * instead of 0.88 at 100 connections/s): ns-2.35's flow-arrival gaps, transformed back
 * through each reading, come out standard normal (variance 1.004) only in base 2.
 */
export interface LogitLaw {
  a: number;
  b: number;
}

/**
 * Connection inter-arrival times: Weibull with shape = logit law of the rate (ns-2.35
 * flow-arrival shape 0.352 + 0.388 log2 r) and scale set so the mean gap is 1 / rate.
 * At 100 connections/s the shape is 0.88 (coefficient of variation 1.14; 1 for exponential
 * gaps, a Poisson process).
 */
export const GAP_SHAPE: LogitLaw = { a: 0.352, b: 0.388 };

/**
 * The long-range dependence of successive connection gaps (Cao et al. 2004; ns-2.35
 * PackMimeHTTPFlowArriveRandomVariable::initialize and value): the gaps are the Weibull
 * above taken at the normal quantile of z = s_eps * y + s_noise * n, where n is white
 * noise and y = x_t + x_{t-1} is an MA(1) of fractional Gaussian noise x with
 * differencing parameter d (ns-2.35 overrides its table's 0.35 with 0.33), generated by
 * Hosking's (1984) recursion over the last `terms` values. `varRatio` (a logit law of the
 * rate) is the white noise's share of z's unit variance: 0.90 at 120 connections/s. Small
 * per gap, but it adds up: over 10 s windows the connection counts vary 10-30 times as
 * much as a Poisson process's in ns-2.35 (docs/web.md).
 */
export const GAP_FARIMA = { d: 0.33, terms: 1000, varRatio: { a: 0.333, b: 0.414 } as LogitLaw } as const;

/**
 * The long-range dependence of successive request sizes (ns-2.35
 * PackMimeHTTPFileSizeRandomVariable, request type: FSIZE1_D, filesize_arima_params,
 * FSIZE1_VARRATIO_INTERCEPT/SLOPE): the same construction as the gaps' (GAP_FARIMA), with
 * d = 0.31 and 5,000 terms; z is taken through the normal CDF to the request-size quantile
 * (REQ_SMALL / REQ_LARGE). The noise share is 0.93 at 120 connections/s. Response sizes get
 * no such correlation in ns-2.35: they are independent draws within the cache/download
 * runs (RSP_RUN).
 */
export const REQ_FARIMA = { d: 0.31, terms: 5000, varRatio: { a: 0.123, b: 0.494 } as LogitLaw } as const;

/**
 * Response run lengths: ceil(Weibull(shape, scale)) responses per run; shape = logit
 * law of the rate, scale fixed. [cache-validation runs, download runs]. ns-2.35
 * PackMimeHTTPFileSizeRandomVariable::initialize (0.718 + 0.357 log2 r, scale 0.775;
 * 1.293 + 0.316 log2 r, scale 3.11).
 */
export const RSP_RUN: readonly { shape: LogitLaw; scale: number }[] = [
  { shape: { a: 0.718, b: 0.357 }, scale: 0.775 },
  { shape: { a: 1.293, b: 0.316 }, scale: 3.11 },
];

/**
 * Server delay between the complete request and the first response byte, seconds:
 * 1 / max(10, Weibull(0.63, 305)), so at most 0.1 s. ns-2.35 SERVER_DELAY_SHAPE,
 * SERVER_DELAY_SCALE.
 */
export const SERVER_DELAY = { shape: 0.63, scale: 305, minInverse: 10 };

/**
 * DelayBox round-trip delays of seeds/000 (PackMime's "transmission delay" model), ms:
 * each flow gets a client-side and a server-side delay; each is drawn as
 * y = T(-log10(1 - p))^k with T the table below (linear interpolation) and k the Weibull
 * exponent, and DelayBox applies half of it in each direction, so the flow's extra RTT
 * is the sum of the two. ns-2.35 SHORT_RTT_INVCDF (client, k = 5) and LONG_RTT_INVCDF
 * (server, k = 3). seeds/000 §5.1 quotes the result: RTTs from 1 ms to 3.5 s, median
 * 54 ms, mean 74 ms, 90th percentile 117 ms.
 */
export interface RttTable {
  /** x = -log10(1 - p), y = value^(1/k). */
  x: readonly number[];
  y: readonly number[];
  k: number;
}
export const RTT_CLIENT: RttTable = {
  x: [0.0, 0.25, 0.5, 0.75, 1.0, 1.25, 1.5, 1.75, 2.0, 2.25, 2.5, 2.75, 3.0, 3.25, 3.5, 3.75, 4.0, 4.25, 4.5, 4.75, 5.0, 5.30103],
  y: [0.87741, 1.07293, 1.10812, 1.86701, 2.04735, 2.30645, 2.90111, 3.30185, 3.59297, 3.87927, 4.02239, 4.17551, 4.32119, 4.43112, 4.57079, 4.66087, 4.73359, 4.78683, 4.84591, 4.91282, 4.95503, 5.01453],
  k: 5,
};
export const RTT_SERVER: RttTable = {
  x: [0.0, 0.25, 0.5, 0.75, 1.0, 1.25, 1.5, 1.75, 2.0, 2.25, 2.5, 2.75, 3.0, 4.0],
  y: [0.79105, 3.71848, 4.46097, 4.49838, 4.84954, 5.78215, 6.77357, 7.78683, 8.75032, 10.3434, 11.4477, 14.0272, 14.6139, 17.2251],
  k: 3,
};

/**
 * Persistent connections (HTTP/1.1 option, ns-2.35 PackMime persistent model): the
 * probability a connection is persistent, pages per connection, objects per page and
 * the gaps between requests; response sizes after the first on a persistent connection
 * are 2^N(loc, scale * V_ERROR) with a per-connection location and scale.
 */
export const PERSISTENT = {
  probability: 0.09,
  /** P(one page); otherwise pages = 1 + Weibull(1, 0.417), at least 2. */
  onePage: 0.82,
  pagesShape: 1,
  pagesScale: 0.417,
  /** P(one object | more than one page); otherwise objects = ceil(1 + Weibull(1, 1.578)), at least 2. */
  oneObject: 0.69,
  objectsShape: 1,
  objectsScale: 1.578,
  /** Gap before the next page's first request: 2^(loc + sqrt(s2) * N(0,1) * sqrt(vErr)), loc ~ N(m, v), s2 ~ Gamma(shape, 1/rate), drawn per source; seconds. */
  pageGap: { m: 3.22, v: 0.73, shape: 1.85, rate: 1.85, vErr: 1.21 },
  /** Gap before an embedded object's request, same form. */
  objectGap: { m: -4.15, v: 3.12, shape: 2.35, rate: 2.35, vErr: 1.57 },
  /** Later response sizes: same form, drawn per connection when the first response is above cacheCutoff bytes. */
  laterSize: { m: 10.62, v: 0.94, shape: 3.22, rate: 3.22, vErr: 2.43 },
  cacheCutoff: 275,
} as const;
