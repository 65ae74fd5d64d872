/**
 * The dashboard's session cookie, its CSRF token and the checks of a state-changing request.
 *
 * - Session: the cookie {@link SESSION_COOKIE} carries a random id (32 bytes, base62) whose
 *   SHA-256 is stored (DashboardStore); HttpOnly, SameSite=Strict, path /dashboard, Max-Age
 *   12 hours, Secure when the public address is https. Never in a URL, never in a log.
 * - CSRF (synchronizer token, OWASP CSRF Prevention Cheat Sheet): every form of a signed-in page
 *   carries `_csrf` = SHA-256 of a label and the session id (base64url), compared in constant
 *   time; the sign-in forms, before any session, carry the value of a pre-session cookie
 *   {@link SIGN_IN_COOKIE} (double-submit) instead. A request whose Origin header names another
 *   origin is refused as well.
 * @module
 */
import type { HttpServerRequest } from "@effect/platform"
import * as Cookies from "@effect/platform/Cookies"
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import { createHash, randomBytes, timingSafeEqual } from "node:crypto"

/** Name of the session cookie. */
export const SESSION_COOKIE = "sd_session"
/** Name of the pre-session cookie the sign-in forms double-submit. */
export const SIGN_IN_COOKIE = "sd_signin"
/** The cookies' path: only the dashboard receives them. */
const COOKIE_PATH = "/dashboard"

/** The CSRF token of the session whose cookie value is `sessionId`. */
export const csrfOf = (sessionId: string): string =>
  createHash("sha256").update(`sports-data/dashboard/csrf/${sessionId}`).digest("base64url")

/** Constant-time equality of two strings (false when either is missing or lengths differ). */
export const sameSecret = (a: string | undefined, b: string | undefined): boolean => {
  if (a === undefined || b === undefined || a.length === 0) return false
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

/** A fresh pre-session value for the sign-in forms. */
export const newSignInNonce = (): string => randomBytes(24).toString("base64url")

const cookieOptions = (secure: boolean, maxAgeSeconds: number): Cookies.Cookie["options"] => ({
  httpOnly: true,
  sameSite: "strict",
  secure,
  path: COOKIE_PATH,
  maxAge: `${maxAgeSeconds} seconds`
})

/** Sets the session cookie on `response`. */
export const withSessionCookie = (
  response: HttpServerResponse.HttpServerResponse,
  sessionId: string,
  secure: boolean,
  maxAgeSeconds: number
) => HttpServerResponse.unsafeSetCookie(response, SESSION_COOKIE, sessionId, cookieOptions(secure, maxAgeSeconds))

/** Sets the pre-session cookie of the sign-in forms (one hour). */
export const withSignInCookie = (response: HttpServerResponse.HttpServerResponse, nonce: string, secure: boolean) =>
  HttpServerResponse.unsafeSetCookie(response, SIGN_IN_COOKIE, nonce, cookieOptions(secure, 3600))

/** Removes the session cookie (sign-out, or a session that is gone). */
export const withoutSessionCookie = (response: HttpServerResponse.HttpServerResponse, secure: boolean) =>
  HttpServerResponse.unsafeSetCookie(response, SESSION_COOKIE, "", {
    ...cookieOptions(secure, 0),
    expires: new Date(0)
  })

/**
 * Whether the request's Origin header, when present, is the origin it was sent to (its Host
 * header): a form posted from another site, or from an opaque origin (`null`: a sandboxed frame,
 * a data: page), is refused even before its token is checked. The pages send their referrer to
 * this origin (Referrer-Policy same-origin), so the browser sends their real Origin.
 */
export const sameOrigin = (request: HttpServerRequest.HttpServerRequest): boolean => {
  const origin = request.headers["origin"]
  if (origin === undefined || origin === "") return true
  try {
    return new URL(origin).host === request.headers["host"]
  } catch {
    return false
  }
}

/** Whether cookies must be Secure: the public address is https. */
export const secureCookies = (publicUrl: string): boolean => publicUrl.startsWith("https:")

export { Cookies }
