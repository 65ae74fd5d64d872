/**
 * The Web Crypto global that every supported runtime (Node >= 20, browsers, workers) provides.
 * Declared here so that the domain needs no DOM or Node type library and no import.
 */
declare const crypto: {
  getRandomValues<T extends Uint8Array>(array: T): T
  randomUUID(): string
  readonly subtle: {
    digest(algorithm: "SHA-256", data: Uint8Array): Promise<ArrayBuffer>
  }
}
declare class TextEncoder {
  encode(input: string): Uint8Array
}
