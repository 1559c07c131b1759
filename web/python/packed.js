// Files the build ships raw with `name.br` / `name.gz` beside them (python.json marks them `gz`):
// the runtime snapshot (25 MB raw) and numpy's tar (12 MB raw).
//
// Why raw files and not gzip inside them: HTTP brotli over the raw bytes is smaller (4.8 MB and
// 2.1 MB against 6.2 and 3.3 for the gzipped files) and the browser inflates it off the main thread
// as it arrives. But a host that cannot pick a precompressed variant (no `Accept-Encoding`
// negotiation) would send the raw 37 MB. So: ask for the file; when the answer carries no
// Content-Encoding (and is not a copy this module already inflated), fetch the `.gz` beside it and
// inflate that with `DecompressionStream`, abandoning the raw download. The bytes are the same
// either way, so the hashes (`?v=`, the service worker's check) stay those of the raw file.
//
// web/sw.js repeats `fetchPacked` (a classic worker script cannot import a module): keep both alike.

export const DECODED_HEADER = "X-RVS-Decoded";

/** Did these bytes travel compressed (or are they a copy inflated here)? */
export function travelledCompressed(response) {
  const encoding = (response.headers.get("content-encoding") || "").trim().toLowerCase();
  return (encoding !== "" && encoding !== "identity") || response.headers.has(DECODED_HEADER);
}

/** `…/name?v=x` → `…/name.gz?v=x` */
export function gzipSibling(url) {
  const cut = url.search(/[?#]/);
  return cut < 0 ? `${url}.gz` : `${url.slice(0, cut)}.gz${url.slice(cut)}`;
}

/**
 * A Response with the file's raw bytes, fetched compressed whatever the host: the plain answer when
 * it came with a Content-Encoding, else the `.gz` beside it inflated here (marked `X-RVS-Decoded`).
 * When the `.gz` cannot be had, the plain answer is used after all (slow, but it works).
 */
export async function fetchPacked(url, fetchFn = fetch, init = undefined) {
  const plain = await fetchFn(url, init);
  if (!plain.ok || travelledCompressed(plain) || typeof DecompressionStream === "undefined") return plain;
  let packed;
  try {
    packed = await fetchFn(gzipSibling(url), init);
  } catch {
    return plain;
  }
  if (!packed.ok || !packed.body) return plain;
  plain.body?.cancel().catch(() => {});
  const headers = new Headers(plain.headers);
  headers.delete("content-length");
  headers.set(DECODED_HEADER, "gzip");
  // a host that labels `.gz` files `Content-Encoding: gzip` has had the browser inflate it already
  const body = travelledCompressed(packed) ? packed.body : packed.body.pipeThrough(new DecompressionStream("gzip"));
  return new Response(body, { status: 200, statusText: plain.statusText, headers });
}
