/**
 * The user's credentials, one per service, in the add-in's own key-value storage (the host gives
 * OfficeRuntime.storage): never in the workbook, never logged. The classification password is
 * exchanged for a token by the pane and never reaches this store; only the token and its expiry do.
 * Implements the API layer's CredentialSource, so each client gets exactly its own credential.
 */
import type { CredentialSource, InvalidationReason, ServiceName } from "@ukco/api/credentials";
import { readJwtExpiry } from "@ukco/api/jwt";

export interface KeyValueStorage {
  getItem(key: string): Promise<string | null>;
  setItem(key: string, value: string): Promise<void>;
  removeItem(key: string): Promise<void>;
}

export interface CredentialStatus {
  service: ServiceName;
  signedIn: boolean;
  /** For the classification token: when it expires (epoch ms). */
  expiresAt?: number;
  /** For the classification sign-in: who signed in. */
  username?: string;
  /** Set when a service refused the credential; cleared when a new one is saved. */
  problem?: InvalidationReason;
}

interface CredentialMeta {
  username?: string;
  expiresAt?: number;
  problem?: InvalidationReason;
}

/** With a team gateway, one credential — the user's gateway key or sign-on token — serves every service. */
export const GATEWAY_CREDENTIAL = "gateway";

export class CredentialStore implements CredentialSource {
  private readonly listeners = new Set<(service: ServiceName) => void>();

  constructor(
    private readonly storage: KeyValueStorage,
    private readonly now: () => number = Date.now,
    /** Through a team gateway: no service key is entered or stored on the desktop, only the gateway's. */
    readonly throughGateway = false,
  ) {}

  private slot(service: ServiceName): string {
    return this.throughGateway ? GATEWAY_CREDENTIAL : service;
  }

  private tokenKey(service: ServiceName): string {
    return `ukco.credential.${this.slot(service)}`;
  }

  private metaKey(service: ServiceName): string {
    return `ukco.credential.${this.slot(service)}.meta`;
  }

  /** Whether the credential is a login token that expires (the classification login; a gateway sign-on token). */
  private expiring(service: ServiceName): boolean {
    return this.throughGateway || service === "classification";
  }

  /** Told whenever a credential is saved, cleared or refused (the pane refreshes its status). */
  onChange(listener: (service: ServiceName) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(service: ServiceName): void {
    for (const listener of this.listeners) listener(service);
  }

  async getToken(service: ServiceName): Promise<string | undefined> {
    return (await this.storage.getItem(this.tokenKey(service))) ?? undefined;
  }

  async save(service: ServiceName, token: string, meta: { username?: string } = {}): Promise<void> {
    const expiresAt = this.expiring(service) ? readJwtExpiry(token) : undefined;
    await this.storage.setItem(this.tokenKey(service), token);
    await this.storage.setItem(
      this.metaKey(service),
      JSON.stringify({ ...meta, ...(expiresAt ? { expiresAt } : {}) } satisfies CredentialMeta),
    );
    this.changed(service);
  }

  async clear(service: ServiceName): Promise<void> {
    await this.storage.removeItem(this.tokenKey(service));
    await this.storage.removeItem(this.metaKey(service));
    this.changed(service);
  }

  /**
   * A service refused the credential. A login token that expired or was refused is dropped (the
   * contract: cached until it expires or a 401 says otherwise); an API key is kept so the user can
   * see which one failed, and flagged.
   */
  async invalidate(service: ServiceName, reason: InvalidationReason): Promise<void> {
    const meta = await this.meta(service);
    if (this.expiring(service) && reason !== "wrong-kind" && (await this.meta(service)).expiresAt !== undefined)
      await this.storage.removeItem(this.tokenKey(service));
    await this.storage.setItem(this.metaKey(service), JSON.stringify({ ...meta, problem: reason }));
    this.changed(service);
  }

  async status(service: ServiceName): Promise<CredentialStatus> {
    const [token, meta] = await Promise.all([this.getToken(service), this.meta(service)]);
    const expired = meta.expiresAt !== undefined && meta.expiresAt <= this.now();
    return {
      service,
      signedIn: token !== undefined && !expired,
      ...(meta.expiresAt !== undefined ? { expiresAt: meta.expiresAt } : {}),
      ...(meta.username ? { username: meta.username } : {}),
      ...(meta.problem ? { problem: meta.problem } : expired ? { problem: "expired" as const } : {}),
    };
  }

  private async meta(service: ServiceName): Promise<CredentialMeta> {
    const text = await this.storage.getItem(this.metaKey(service));
    if (!text) return {};
    try {
      return JSON.parse(text) as CredentialMeta;
    } catch {
      return {};
    }
  }
}
