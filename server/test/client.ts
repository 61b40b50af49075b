/**
 * A minimal HTTP client that keeps cookies like a browser tab and sends the app's own
 * Origin on state-changing requests, as the SPA does.
 */
export class TestClient {
  private readonly cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    private readonly origin: string | null = baseUrl,
  ) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** The same browser session on another server instance: takes `other`'s cookies. */
  adopt(other: TestClient): this {
    for (const [name, value] of other.cookies) this.cookies.set(name, value);
    return this;
  }

  private remember(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (!value || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async raw(method: string, path: string, init: { body?: string; headers?: Record<string, string> } = {}): Promise<Response> {
    const headers: Record<string, string> = { ...init.headers };
    if (this.cookies.size) headers.cookie = this.cookieHeader;
    if (this.origin && !['GET', 'HEAD'].includes(method) && !('origin' in headers)) headers.origin = this.origin;
    const res = await fetch(new URL(path, this.baseUrl), { method, headers, body: init.body, redirect: 'manual' });
    this.remember(res);
    return res;
  }

  async send<T = unknown>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await this.raw(method, path, {
      body: body === undefined ? undefined : JSON.stringify(body),
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    });
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    return { status: res.status, body: json as T, headers: res.headers };
  }

  get<T = unknown>(path: string) {
    return this.send<T>('GET', path);
  }
  post<T = unknown>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.send<T>('POST', path, body ?? {}, headers);
  }
  patch<T = unknown>(path: string, body?: unknown) {
    return this.send<T>('PATCH', path, body ?? {});
  }
  delete<T = unknown>(path: string) {
    return this.send<T>('DELETE', path);
  }
}
