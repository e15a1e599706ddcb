import net from 'node:net';

/** Whether each comma-separated entry is an IPv4/IPv6 address or CIDR (prefix within the family's bits): the bad ones. */
export function invalidCidrs(cidrList: string): string[] {
  return cidrList
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .filter((entry) => {
      const [address, prefix, extra] = entry.split('/');
      const family = net.isIP(address ?? '');
      return !family || extra !== undefined || (prefix !== undefined && !(/^\d+$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32)));
    });
}

/** Decides whether an address is inside the configured trusted networks (decision 3). */
export function createNetworkMatcher(cidrList: string) {
  const list = new net.BlockList();
  for (const raw of cidrList
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [address, prefix] = raw.split('/');
    if (!address) continue;
    const type = net.isIPv6(address) ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return (ip: string): boolean => {
    const plain = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
    if (net.isIPv4(plain)) return list.check(plain, 'ipv4');
    if (net.isIPv6(plain)) return list.check(plain, 'ipv6');
    return false;
  };
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY → Fastify's `trustProxy` (issue 8 §1). Fastify (proxy-addr) walks X-Forwarded-For from the
 * right and stops at the first address not trusted, so a client cannot pick its address by prepending
 * entries. Empty or `false`: no proxy (the socket address is the client). A number: that many hops.
 * Otherwise a comma-separated list of addresses or CIDRs (or proxy-addr's `loopback`, `linklocal`,
 * `uniquelocal`). `true` is refused by the config schema.
 */
export function parseTrustProxy(value: string): false | string[] | ((address: string, hop: number) => boolean) {
  const text = value.trim();
  if (text === '' || text.toLowerCase() === 'false') return false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return (_address, hop) => hop < hops;
  }
  const entries = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const [bad] = invalidCidrs(entries.filter((entry) => !PROXY_NAMES.has(entry)).join(','));
  if (bad !== undefined) throw new Error(`TRUST_PROXY: "${bad}" não é um endereço nem um CIDR (ex.: 127.0.0.1, 10.0.0.0/8, ::1).`);
  return entries;
}
