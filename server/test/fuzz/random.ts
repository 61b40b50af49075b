/**
 * A small seeded random generator (sfc32, seeded through splitmix32) for the fuzz test: the
 * same seed gives the same requests on every machine. Each request draws from its own
 * stream, `new Random(seed, index)`, so one request can be replayed without the others.
 */
function splitmix32(state: number): () => number {
  let s = state >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
}

export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number, stream = 0) {
    const mix = splitmix32(seed ^ Math.imul(stream + 1, 0x632be5ab));
    this.a = mix();
    this.b = mix();
    this.c = mix();
    this.d = mix();
    for (let i = 0; i < 12; i++) this.uint32();
  }

  uint32(): number {
    const t = (((this.a + this.b) >>> 0) + this.d) >>> 0;
    this.d = (this.d + 1) >>> 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) >>> 0;
    this.c = ((this.c << 21) | (this.c >>> 11)) >>> 0;
    this.c = (this.c + t) >>> 0;
    return t;
  }

  /** A float in [0, 1). */
  next(): number {
    return this.uint32() / 0x1_0000_0000;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(list: readonly T[]): T {
    if (list.length === 0) throw new Error('pick from an empty list');
    return list[this.int(0, list.length - 1)]!;
  }

  /** One of the options, each with its weight. */
  weighted<T>(options: ReadonlyArray<readonly [number, T]>): T {
    const total = options.reduce((sum, [w]) => sum + w, 0);
    let x = this.next() * total;
    for (const [w, value] of options) {
      if ((x -= w) < 0) return value;
    }
    return options[options.length - 1]![1];
  }
}
