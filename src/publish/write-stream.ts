/**
 * Writes a response body into an open file through reused buffers, with a bounded number of
 * writes in flight: memory stays flat whatever the size of the body.
 */
import type { FileHandle } from 'node:fs/promises';
import type { Readable } from 'node:stream';

const BATCH_BYTES = 1024 * 1024;
const MAX_WRITES_IN_FLIGHT = 2;

/**
 * Writes `body` into `file` (the atomic write's temporary file). Each chunk is hashed
 * (`onChunk`) and copied into one of three reused 1 MiB buffers; a full buffer is written on the
 * thread pool while the next one fills. With two writes in flight the socket is paused
 * (back-pressure), so nothing here grows with the size. Copying lets every socket chunk die
 * young: holding the chunks until their write finished got them promoted to the old generation,
 * and a 1 GiB transfer then spent a third of a second in major collections. On the benchmark
 * machine this took a 256 MiB transfer from ~570 MiB/s (`stream.pipeline` into
 * `fs.createWriteStream`) to ~850 MiB/s. Once copied, each socket read's memory is released
 * (`releaseRead`). `onChunk` may throw to abort.
 */
export async function writeStream(
  body: Readable,
  file: FileHandle,
  signal: AbortSignal | undefined,
  onChunk: (chunk: Buffer) => void,
): Promise<void> {
  signal?.throwIfAborted();
  await new Promise<void>((resolve, reject) => {
    new BufferedFileWriter(body, file, signal, onChunk, { resolve, reject }).start();
  });
}

/** One `writeStream`: its buffers, the writes in flight, and how the wait for them ends. */
class BufferedFileWriter {
  private readonly spare: Buffer[] = [];
  private current = this.take();
  private used = 0;
  // Where the next buffer goes in the file. Each write names its position (pwrite): two writes
  // on the thread pool at once may run in either order, and without a position the second to
  // start could land first (seen under load: the right hash, a scrambled file).
  private position = 0;
  private readonly inFlight = new Set<Promise<void>>();
  private ended = false;
  private settled = false;
  // The last socket read, released when the next one arrives: undici is done with it by then.
  private previous: Buffer | undefined;
  // One function for the whole write, so that settling can remove it from the signal.
  private readonly onAbort = (): void => this.fail(this.signal?.reason);

  constructor(
    private readonly body: Readable,
    private readonly file: FileHandle,
    private readonly signal: AbortSignal | undefined,
    private readonly onChunk: (chunk: Buffer) => void,
    private readonly wait: { resolve: () => void; reject: (error: unknown) => void },
  ) {}

  /** Listens to the signal and the body; the wait ends once all is written or on a failure. */
  start(): void {
    this.signal?.addEventListener('abort', this.onAbort, { once: true });
    this.body.on('data', (chunk: Buffer) => this.accept(chunk));
    this.body.once('end', () => this.end());
    this.body.once('error', (error: unknown) => this.fail(error));
    // A body that failed while the file was being opened has already emitted its error (to
    // undici's own no-op listener): without this check the wait would never end, and with
    // nothing else pending the process would exit 0 halfway through the run.
    if (this.body.errored) this.fail(this.body.errored);
    else if (this.body.destroyed)
      this.fail(new Error('the connection closed before the whole answer arrived'));
  }

  private take(): Buffer {
    return this.spare.pop() ?? Buffer.allocUnsafe(BATCH_BYTES);
  }

  private accept(chunk: Buffer): void {
    if (this.settled) return;
    try {
      this.onChunk(chunk);
    } catch (error) {
      this.fail(error);
      return;
    }
    for (let offset = 0; offset < chunk.length;) {
      const n = chunk.copy(this.current, this.used, offset);
      this.used += n;
      offset += n;
      if (this.used === this.current.length) this.submit();
    }
    if (this.previous) releaseRead(this.previous);
    this.previous = chunk;
  }

  private end(): void {
    // An 'end' already queued when fail() destroyed the body still arrives: nothing more to write.
    if (this.settled) return;
    this.ended = true;
    if (this.previous) releaseRead(this.previous);
    this.previous = undefined;
    if (this.used > 0) this.submit();
    this.done();
  }

  /** Hands the current buffer to the thread pool at its position and starts filling another. */
  private submit(): void {
    const buffer = this.current;
    const length = this.used;
    const at = this.position;
    this.position += length;
    this.current = this.take();
    this.used = 0;
    const write: Promise<void> = this.file.write(buffer, 0, length, at).then(
      ({ bytesWritten }) => {
        this.inFlight.delete(write);
        this.written(buffer, length, bytesWritten);
      },
      (error: unknown) => {
        this.inFlight.delete(write);
        this.fail(error);
      },
    );
    this.inFlight.add(write);
    if (this.inFlight.size >= MAX_WRITES_IN_FLIGHT) this.body.pause();
  }

  /** A write finished: its buffer is free again, and the socket may go on. */
  private written(buffer: Buffer, length: number, bytesWritten: number): void {
    if (this.settled) return;
    if (bytesWritten !== length) {
      this.fail(new Error(`short write (${bytesWritten} of ${length} bytes)`));
      return;
    }
    this.spare.push(buffer);
    if (this.body.isPaused() && !this.ended) this.body.resume();
    this.done();
  }

  private done(): void {
    if (this.settled || !this.ended || this.inFlight.size > 0) return;
    this.settled = true;
    this.signal?.removeEventListener('abort', this.onAbort);
    this.wait.resolve();
  }

  private fail(error: unknown): void {
    if (this.settled) return;
    this.settled = true;
    this.body.destroy();
    this.signal?.removeEventListener('abort', this.onAbort);
    // Let writes already handed to the thread pool finish before the file is closed.
    void Promise.allSettled(this.inFlight).then(() => this.wait.reject(error));
  }
}

/**
 * Frees the memory of a socket read whose bytes have been copied out. Every read arrives in a
 * fresh buffer of its own (64 KiB over TCP, 16 KiB over TLS). Left alone, each waits for V8's next
 * garbage collection, and a download starts none before some 64 MiB of them have piled up: without
 * this, a 64 MiB bundle took the action to ~137 MiB RSS and 1 GiB to ~167 MiB (Node 24).
 * `ArrayBuffer.prototype.transfer(0)` detaches the buffer and frees its memory at once. Only a chunk
 * that is the whole of its buffer is released: undici hands over a read that is all body as it is,
 * and nothing else refers to it once the next read has arrived. A view into a larger buffer (the
 * read that also held the headers, or a small buffer from Node's shared pool) is left to the
 * collector. Node 20 has no `transfer` (the action runs on Node 24): there, all of them are.
 */
function releaseRead(chunk: Buffer): void {
  const memory = chunk.buffer as ArrayBuffer & { transfer?: (length?: number) => ArrayBuffer };
  if (chunk.byteOffset !== 0 || chunk.byteLength !== memory.byteLength) return;
  memory.transfer?.(0);
}
