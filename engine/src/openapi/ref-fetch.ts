/**
 * Where a description's `$ref`s may be downloaded from: the description's own files, the origin of
 * the URL the user named, and public addresses. A private, loopback or link-local address (by name
 * or by what the name resolves to) is refused unless the user allows it (`--allow-private-refs`),
 * so a description cannot make the importer reach internal services.
 *
 * The name is resolved once, by the connection's own `lookup`: every address is checked and the
 * connection goes to a checked one. (Checking first and letting the download resolve again would
 * leave a window in which DNS can answer differently: DNS rebinding.)
 */
import type { IncomingMessage } from 'node:http';
import { get as httpGet } from 'node:http';
import { get as httpsGet } from 'node:https';
import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';

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
const TIMEOUT_MS = 10_000;

/** An address a name resolves to. */
export interface ResolvedAddress {
  address: string;
  family: number;
}

export interface RefPolicy {
  /** The URL the user named, whose origin is always allowed; undefined for a file. */
  source?: string;
  allowPrivate: boolean;
  /** Set to the refusal's message when a `$ref` was refused (the parser's own message drops it). */
  refused?: string;
  /** Resolves a host name (tests name hosts that resolve where they choose); the system's resolver by default. */
  resolve?: (host: string) => Promise<ResolvedAddress[]>;
}

const systemResolve = (host: string): Promise<ResolvedAddress[]> => dnsLookup(host, { all: true });

/** Whether the policy lets `url` reach any address, private ones included. */
const trusted = (url: URL, policy: RefPolicy): boolean =>
  policy.allowPrivate || (policy.source !== undefined && new URL(policy.source).origin === url.origin);

function refuse(url: URL, policy: RefPolicy): Error {
  policy.refused = `refused to download ${url.href}: ${url.hostname} is a private, loopback or link-local address (--allow-private-refs allows it)`;
  return new Error(policy.refused);
}

/**
 * The connection's `lookup`: resolves the name once and, unless `url` is trusted, refuses when any
 * address is private; the connection then goes to the address checked here.
 */
function checkedLookup(url: URL, policy: RefPolicy): LookupFunction {
  const resolve = policy.resolve ?? systemResolve;
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        if (!trusted(url, policy) && addresses.some((a) => isPrivateAddress(a.address)))
          return callback(refuse(url, policy), '', 0);
        const first = addresses[0];
        if (!first) return callback(new Error(`${hostname} has no address`), '', 0);
        if (options.all) return callback(null, addresses);
        callback(null, first.address, first.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 0),
    );
  };
}

/** Downloads `url` under `policy`: no redirects, at most 50 MiB, within 10 s. */
export function fetchRef(url: string, policy: RefPolicy): Promise<Buffer> {
  const u = new URL(url);
  const host = u.hostname.replace(/^\[|\]$/g, '');
  // A literal address is connected to without a lookup: checked here. `localhost` may not be in DNS at all.
  if (!trusted(u, policy) && (isPrivateAddress(host) || host === 'localhost' || host.endsWith('.localhost')))
    return Promise.reject(refuse(u, policy));
  const get = u.protocol === 'https:' ? httpsGet : httpGet;
  return new Promise((resolve, reject) => {
    const request = get(
      u,
      { lookup: checkedLookup(u, policy), signal: AbortSignal.timeout(TIMEOUT_MS), agent: false },
      (res: IncomingMessage) => {
        const status = res.statusCode ?? 0;
        // Redirects are not followed: where they point was never checked.
        if (status < 200 || status >= 300) {
          res.resume();
          reject(new Error(`Error downloading ${url}: HTTP ${status}`));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_BYTES) {
            request.destroy();
            reject(new Error(`${url} is larger than 50 MiB`));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => resolve(Buffer.concat(chunks)));
        res.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}

/** A json-schema-ref-parser resolver for http(s) `$ref`s that follows `policy`. */
export function guardedHttpResolver(policy: RefPolicy): object {
  return {
    order: 200,
    canRead: /^https?:\/\//i,
    read: (file: { url: string }): Promise<Buffer> => fetchRef(file.url, policy),
  };
}
