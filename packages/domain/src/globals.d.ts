/**
 * The Web Crypto global, base64 helpers and text codecs that every supported runtime (Node >= 20,
 * browsers, workers) provides. Declared here so that the domain needs no DOM or Node type library
 * and no import. Only what the domain uses is declared.
 */
declare const crypto: {
  getRandomValues<T extends Uint8Array>(array: T): T
  randomUUID(): string
  readonly subtle: {
    digest(algorithm: "SHA-256", data: Uint8Array): Promise<ArrayBuffer>
    importKey(
      format: "raw",
      keyData: ArrayBuffer | Uint8Array,
      algorithm: "AES-GCM",
      extractable: boolean,
      usages: ReadonlyArray<"encrypt" | "decrypt">
    ): Promise<CryptoKeyHandle>
    encrypt(algorithm: { name: "AES-GCM"; iv: Uint8Array }, key: CryptoKeyHandle, data: Uint8Array): Promise<ArrayBuffer>
    decrypt(algorithm: { name: "AES-GCM"; iv: Uint8Array }, key: CryptoKeyHandle, data: Uint8Array): Promise<ArrayBuffer>
  }
}
/** An opaque Web Crypto key. */
interface CryptoKeyHandle {
  readonly type: string
}
declare class TextEncoder {
  encode(input: string): Uint8Array
}
declare class TextDecoder {
  decode(input: ArrayBuffer | Uint8Array): string
}
declare function btoa(data: string): string
declare function atob(data: string): string
