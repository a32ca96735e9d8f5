/**
 * Where a description's `$ref`s may be downloaded from: the description's own files, the origin of
 * the URL the user named, and public addresses. A private, loopback or link-local address (by name
 * or by what the name resolves to) is refused unless the user allows it (`--allow-private-refs`),
 * so a description cannot make the importer reach internal services.
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

const PRIVATE = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv6');

/** Whether an address is private, loopback or link-local (IPv4-mapped IPv6 read as IPv4). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return PRIVATE.check(mapped, 'ipv4');
  const family = isIP(address);
  return family !== 0 && PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

const MAX_BYTES = 50 * 1024 * 1024;

export interface RefPolicy {
  /** The URL the user named, whose origin is always allowed; undefined for a file. */
  source?: string;
  allowPrivate: boolean;
  /** Set to the refusal's message when a `$ref` was refused (the parser's own message drops it). */
  refused?: string;
}

/** Throws when `url` may not be fetched under `policy`. */
export async function checkRefUrl(url: string, policy: RefPolicy): Promise<void> {
  const u = new URL(url);
  if (policy.allowPrivate || (policy.source && new URL(policy.source).origin === u.origin)) return;
  const host = u.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
  if (host === 'localhost' || host.endsWith('.localhost') || addresses.some(isPrivateAddress)) {
    policy.refused = `refused to download ${url}: ${u.hostname} is a private, loopback or link-local address (--allow-private-refs allows it)`;
    throw new Error(policy.refused);
  }
}

/** A json-schema-ref-parser resolver for http(s) `$ref`s that follows `policy`. */
export function guardedHttpResolver(policy: RefPolicy): object {
  return {
    order: 200,
    canRead: /^https?:\/\//i,
    async read(file: { url: string }): Promise<Buffer> {
      await checkRefUrl(file.url, policy);
      const res = await fetch(file.url, { signal: AbortSignal.timeout(10_000), redirect: 'error' });
      if (!res.ok) throw new Error(`Error downloading ${file.url}: HTTP ${res.status}`);
      const body = Buffer.from(await res.arrayBuffer());
      if (body.length > MAX_BYTES) throw new Error(`${file.url} is larger than 50 MiB`);
      return body;
    },
  };
}
