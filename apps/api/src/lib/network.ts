import net from 'node:net';

/** Decides whether an address is inside the configured trusted networks (decision 3). */
export function createNetworkMatcher(cidrList: string) {
  const list = new net.BlockList();
  for (const raw of cidrList.split(',').map((s) => s.trim()).filter(Boolean)) {
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
