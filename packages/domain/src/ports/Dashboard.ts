/**
 * The port of the developer dashboard's sign-in state (`/dashboard`): one-time sign-in links
 * e-mailed to a key's owner, and server-side sessions. Both are stored by the SHA-256 of their
 * secret (`ApiKey.hashKey`), never the secret itself, and shared by every instance on one store.
 * Adapters in store-memory and store-sql (tables `dashboard_links`, `dashboard_sessions`,
 * migration 25). Time is passed in by the caller (Effect's `Clock`).
 * @module
 */
import { Context, type Effect, type Option } from "effect"
import type { StoreError } from "../Errors.js"

/** How long an e-mailed sign-in link can be followed: 15 minutes (issue 25). */
export const SIGN_IN_LINK_MS = 15 * 60 * 1000

/** How long a dashboard session lasts from sign-in: 12 hours (issue 25). */
export const SESSION_MS = 12 * 60 * 60 * 1000

/** An e-mailed sign-in link: the hash of its token, the owner address it signs in, and its lifetime. */
export interface SignInLink {
  readonly token_hash: string
  readonly email: string
  readonly created_at: Date
  readonly expires_at: Date
}

/**
 * A dashboard session. Who it signs in: `email` (the owner address; every key with that address)
 * when signed in by link or by a pasted key that has an owner; otherwise `key_hash` alone (a
 * pasted key without an owner). `key_hash` is the pasted key's hash whenever the session was
 * opened with a key (the key its per-key pages show first), null for a link.
 * `id_hash` is the hash of the session id the cookie carries.
 */
export interface DashboardSession {
  readonly id_hash: string
  readonly email: string | null
  readonly key_hash: string | null
  readonly created_at: Date
  readonly expires_at: Date
}

/** Stores sign-in links and sessions. */
export interface DashboardStoreService {
  /** Stores a new link (and drops the links and sessions expired at `link.created_at`). */
  readonly createLink: (link: SignInLink) => Effect.Effect<void, StoreError>
  /**
   * Follows a link at most once, atomically: when a link with `tokenHash` exists and `now` is
   * before its `expires_at`, deletes it and returns it; None for an unknown, used or expired link.
   * Of two concurrent claims, one gets the link.
   */
  readonly claimLink: (tokenHash: string, now: Date) => Effect.Effect<Option.Option<SignInLink>, StoreError>
  /** Stores a new session. */
  readonly createSession: (session: DashboardSession) => Effect.Effect<void, StoreError>
  /** The session with `idHash` when it exists and `now` is before its `expires_at`. */
  readonly findSession: (idHash: string, now: Date) => Effect.Effect<Option.Option<DashboardSession>, StoreError>
  /** Ends a session (sign-out); nothing happens for an unknown one. */
  readonly deleteSession: (idHash: string) => Effect.Effect<void, StoreError>
}

/** The {@link DashboardStoreService} port. */
export class DashboardStore extends Context.Tag("@sports-data/DashboardStore")<
  DashboardStore,
  DashboardStoreService
>() {}
