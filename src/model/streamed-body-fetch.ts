import { bodyOfStream } from './request-body';

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * fetch for requests whose body is streamed (request-body.ts). fetch cannot follow a
 * redirect with a body it has already streamed, so such a request goes out with
 * `redirect: 'manual'`; when the server redirects, the request is sent again with the
 * whole body as a Blob (Node 20's fetch cannot resend a Uint8Array either), and fetch
 * follows the redirect as it did with the SDK's string body.
 */
export async function fetchStreamedBody(
  input: string | URL | Request,
  init?: RequestInit,
): Promise<Response> {
  const stream = init?.body instanceof ReadableStream ? init.body : undefined;
  const body = stream && bodyOfStream(stream as ReadableStream<Uint8Array>);
  if (!init || !body || (init.redirect ?? 'follow') !== 'follow') return fetch(input, init);
  const response = await fetch(input, { ...init, redirect: 'manual' });
  if (!REDIRECTS.has(response.status) || !response.headers.has('location')) return response;
  await response.body?.cancel();
  // `duplex` is only for stream bodies (RequestInit's type does not list it).
  const { duplex: _duplex, ...whole } = init as RequestInit & { duplex?: string };
  return fetch(input, { ...whole, body: body.blob() });
}
