/**
 * What broke a request, in words, for every client that talks HTTP (the service, GitHub, the site,
 * the bundle's host): undici and Node report it as an error code on a cause a few levels down.
 */
const CAUSES: Record<string, string> = {
  UND_ERR_SOCKET: 'the connection closed before the whole answer arrived',
  UND_ERR_HEADERS_OVERFLOW: "the answer's headers are too large",
  Z_DATA_ERROR: 'the body claims to be compressed but is not',
  Z_BUF_ERROR: 'the compressed body is cut short',
  HPE_INVALID_CONSTANT: 'the answer is not HTTP',
};

/** An error and its causes, outermost first; a few levels only (causes may form a cycle). */
function* causeChain(error: unknown): Generator<{ code?: unknown; name?: unknown }> {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth++) {
    yield current;
    current = (current as { cause?: unknown }).cause;
  }
}

/** The error code of the error or of its nearest cause that has one (`ECONNREFUSED`). */
export function errorCode(error: unknown): string | undefined {
  for (const link of causeChain(error)) if (typeof link.code === 'string') return link.code;
  return undefined;
}

/**
 * Names what broke a request, for a message: the error code of the innermost cause (`ECONNRESET`),
 * with a few words where the code alone says little. Falls back to the innermost message.
 */
export function describeNetworkError(error: unknown): string {
  let message = error instanceof Error ? error.message : String(error);
  for (const link of causeChain(error)) {
    const { code, name } = link;
    if (typeof code === 'string') return CAUSES[code] ? `${CAUSES[code]}: ${code}` : code;
    if (name === 'HTTPParserError') return CAUSES.HPE_INVALID_CONSTANT!;
    if (link instanceof Error && link.message) message = link.message;
  }
  return message.replace(/[\u0000-\u001f\u007f]+/g, ' ').slice(0, 200);
}

/**
 * A refusal of Node's fetch itself, before anything was sent: the fetch standard blocks some
 * ports ("bad port": 6000, 6665–6669 and others that speak other protocols). Not a network
 * failure, so the service cannot have acted, and trying again cannot help. undefined otherwise.
 */
export function refusedBeforeSending(error: unknown): string | undefined {
  for (const link of causeChain(error))
    if (link instanceof Error && link.message === 'bad port')
      return "Node's fetch refuses that port before sending anything (the fetch standard blocks it: a port that speaks another protocol)";
  return undefined;
}
