import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/domain/messages';
import { HttpClient, pullAll, pushChange, signInAdmin, signUp, startTestServer, TEST_ADMIN, type TestServer, TEST_PASSWORD } from '../helpers/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const valid = { email: 'rina@contoh.id', password: TEST_PASSWORD, phone: '081234567890', address: 'Jl. Pemuda 1' };

describe('sign-up', () => {
  it.each([
    ['e-mail missing', { email: '' }, 'email_required'],
    ['e-mail malformed', { email: 'rina-at-contoh' }, 'email_invalid'],
    ['password missing', { password: '' }, 'password_required'],
    ['password too short', { password: 'a1b2' }, 'password_weak'],
    ['password without digits', { password: 'abcdefghij' }, 'password_weak'],
    ['phone missing', { phone: '' }, 'phone_required'],
    ['phone malformed', { phone: '12345' }, 'phone_invalid'],
    ['address missing', { address: ' ' }, 'address_required'],
    // Longer than the profile keeps (TEXT_MAX): the phone was taken with 37 characters, the address refused as 'Data tidak valid.'.
    ['phone longer than 30 characters', { phone: '0812-3456-7890-----------------------' }, 'phone_invalid'],
    ['address longer than 500 characters', { address: 'a'.repeat(501) }, 'address_too_long'],
    ['a field of the wrong type', { email: 42 }, 'email_required'],
  ])('when the %s, then 400 with its code', async (_name, change, code) => {
    const client = new HttpClient(server.url);
    const res = await client.post('/api/auth/signup', { ...valid, email: `x${Math.random()}@contoh.id`, ...change });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(code);
    expect(typeof res.body.message).toBe('string');
  });

  it('when the form is valid, then 201 with the user, a session cookie and a synced profile', async () => {
    const client = new HttpClient(server.url);
    const res = await client.post('/api/auth/signup', valid);
    expect(res.status).toBe(201);
    expect(res.body.user).toEqual({ uid: expect.stringMatching(/^[A-Za-z0-9]{20}$/), email: valid.email, username: 'rina', admin: false });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('jepret_session='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    const profile = await client.get('/api/sync/users/pull');
    expect(profile.body.documents).toEqual([
      expect.objectContaining({ id: res.body.user.uid, username: 'rina', email: valid.email, pict: '/assets/default-profile.svg', _deleted: false }),
    ]);
  });

  it.each([
    ['password1', 'Ini adalah kata sandi yang umum digunakan.'],
    ['aaaaaaa1', 'Karakter yang berulang seperti "aaa" mudah ditebak.'],
    ['rahasia123', ''],
    ['qwerty123', 'Ini adalah kata sandi yang umum digunakan.'],
  ])('when the password is %s, which passes the form\'s rule but is easy to guess, then 400 password_guessable with why, in Indonesian', async (password, why) => {
    const res = await new HttpClient(server.url).post('/api/auth/signup', { ...valid, email: `lemah${Math.random()}@contoh.id`, password });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('password_guessable');
    expect(res.body.message).toMatch(/^Password ini terlalu mudah ditebak\. /);
    expect(res.body.message).toContain(why);
  });

  it("when the password is the customer's own e-mail name with a digit, then it is refused as their own words; a password of uncommon words passes", async () => {
    const email = `merapi.kencana${Date.now()}@contoh.id`;
    const own = await new HttpClient(server.url).post('/api/auth/signup', { ...valid, email, password: `${email.split('@')[0]}` });
    expect(own.body.error).toBe('password_personal');
    const leet = await new HttpClient(server.url).post('/api/auth/signup', { ...valid, email, password: 'M3rapi#2026' });
    expect(leet.body.error).toBe('password_guessable');
    const strong = await new HttpClient(server.url).post('/api/auth/signup', { ...valid, email, password: 'kopi-Tubruk-di-Kota-Lama-7' });
    expect(strong.status).toBe(201);
  });

  it.each(['jepret2026', 'Jepret123', 'jepretjepret1', 'Semarang2026', 'wulandari2026'])(
    "when the password is %s, the shop's name, city or the e-mail's name with digits, then 400 password_personal in Indonesian",
    async (password) => {
      const res = await new HttpClient(server.url).post('/api/auth/signup', { ...valid, email: `wulandari88.${Date.now()}@contoh.id`, password });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'password_personal', message: MESSAGES.password_personal });
    },
  );

  it("when the password is the shop's name in l33t with a year, then 400 password_guessable saying not to use the shop's words; the words among others pass", async () => {
    const email = `wulandari88.${Date.now()}@contoh.id`;
    const leet = await new HttpClient(server.url).post('/api/auth/signup', { ...valid, email, password: 'J3pret#2026' });
    expect(leet.status).toBe(400);
    expect(leet.body.error).toBe('password_guessable');
    expect(leet.body.message).toContain(MESSAGES.password_names_shop);
    const strong = await new HttpClient(server.url).post('/api/auth/signup', { ...valid, email, password: 'Rahasia-Jepret-26' });
    expect(strong.status).toBe(201);
  });

  it('when the e-mail is taken (any case), then 409 email_taken', async () => {
    const res = await new HttpClient(server.url).post('/api/auth/signup', { ...valid, email: 'RINA@contoh.id' });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('email_taken');
  });
});

describe('login, me, logout', () => {
  it('when the password is wrong or the e-mail unknown, then the same 401 wrong_credentials', async () => {
    const client = new HttpClient(server.url);
    const wrong = await client.post('/api/auth/login', { email: valid.email, password: 'salah12345' });
    const unknown = await client.post('/api/auth/login', { email: 'siapa@contoh.id', password: 'salah12345' });
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.error).toBe('wrong_credentials');
  });

  it('when signed out, then /me answers 200 with user null (no failed request in the console)', async () => {
    const res = await new HttpClient(server.url).get('/api/auth/me');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ user: null });
  });

  it('when the credentials are right, then login, /me and logout work and logout ends the session server-side', async () => {
    const client = new HttpClient(server.url);
    const login = await client.post('/api/auth/login', { email: valid.email, password: valid.password });
    expect(login.status).toBe(200);
    expect(login.body.user.email).toBe(valid.email);
    const token = client.jar.get('jepret_session')!;
    expect((await client.get('/api/auth/me')).body.user.username).toBe('rina');

    const logout = await client.post('/api/auth/logout');
    expect(logout.status).toBe(204);
    const replay = new HttpClient(server.url);
    replay.jar.set('jepret_session', token);
    expect((await replay.get('/api/auth/me')).body).toEqual({ user: null });
  });

  it('when the admin logs in, then the user says admin: true', async () => {
    const res = await new HttpClient(server.url).post('/api/auth/login', TEST_ADMIN);
    expect(res.body.user.admin).toBe(true);
  });

  it('when one IP keeps guessing one e-mail, then after 10 tries 429 too_many_attempts with Retry-After', async () => {
    const client = new HttpClient(server.url);
    await signUp(client, 'tebak@contoh.id');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await client.post('/api/auth/login', { email: 'tebak@contoh.id', password: `salah${i}abc` })).status);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    const limited = await client.post('/api/auth/login', { email: 'tebak@contoh.id', password: TEST_PASSWORD });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe('too_many_attempts');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('when one IP guesses 50 different e-mails, then the next login from it gets 429, even a right one', async () => {
    const own = await startTestServer();
    try {
      const client = new HttpClient(own.url);
      for (let i = 0; i < 50; i++) expect((await client.post('/api/auth/login', { email: `orang${i}@contoh.id`, password: 'salah123abc' })).status).toBe(401);
      const limited = await client.post('/api/auth/login', TEST_ADMIN);
      expect(limited.status).toBe(429);
      expect(limited.body.error).toBe('too_many_attempts');
    } finally {
      await own.close();
    }
  }, 120_000);
});

describe('behind a proxy', () => {
  const guess = (client: HttpClient, from: string) =>
    client.request('POST', '/api/auth/login', { email: 'proksi@contoh.id', password: 'salah123abc' }, { 'x-forwarded-for': from });

  it('when TRUST_PROXY is unset, then X-Forwarded-For is ignored: a guesser cannot dodge the limit by naming other addresses', async () => {
    const client = new HttpClient(server.url);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await guess(client, `203.0.113.${i}`)).status);
    expect(statuses.at(-1)).toBe(429);
  });

  it('when TRUST_PROXY=1, then each customer behind the proxy has their own limit', async () => {
    const own = await startTestServer({ TRUST_PROXY: '1' });
    try {
      const client = new HttpClient(own.url);
      for (let i = 0; i < 10; i++) expect((await guess(client, '198.51.100.7')).status).toBe(401);
      expect((await guess(client, '198.51.100.7')).status).toBe(429);
      // Another customer of the same proxy is not held back by the first one's guesses.
      expect((await guess(client, '198.51.100.8')).status).toBe(401);
    } finally {
      await own.close();
    }
  });
});

describe('sign-ups from one address', () => {
  it('when 40 sign-ups arrive at once from one address, then only SIGNUPS_PER_HOUR (10 by default) make accounts and the rest get 429 with Retry-After', async () => {
    const own = await startTestServer({ SIGNUPS_PER_HOUR: '' });
    try {
      const stamp = Date.now();
      const results = await Promise.all(
        Array.from({ length: 40 }, (_, i) => new HttpClient(own.url).post('/api/auth/signup', { ...valid, email: `borong${stamp}.${i}@contoh.id` })),
      );
      expect(results.filter((r) => r.status === 201)).toHaveLength(10);
      const limited = results.filter((r) => r.status === 429);
      expect(limited).toHaveLength(30);
      expect(limited[0]!.body).toMatchObject({ error: 'too_many_signups', message: expect.stringContaining('pendaftaran') });
      expect(Number(limited[0]!.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await own.close();
    }
  });

  it('when weak passwords are tried over and over from one address, then they use up its sign-ups too', async () => {
    const own = await startTestServer({ SIGNUPS_PER_HOUR: '3' });
    try {
      const client = new HttpClient(own.url);
      const tries = [];
      for (let i = 0; i < 4; i++) tries.push((await client.post('/api/auth/signup', { ...valid, email: `coba${i}@contoh.id`, password: 'password1' })).status);
      expect(tries).toEqual([400, 400, 400, 429]);
    } finally {
      await own.close();
    }
  });
});

describe('guessing in parallel', () => {
  it('when 80 wrong passwords for one account arrive at once from one address, then only 10 are checked and the rest get 429', async () => {
    const email = `sasaran${Date.now()}@contoh.id`;
    await signUp(new HttpClient(server.url), email);
    const results = await Promise.all(Array.from({ length: 80 }, (_, i) => new HttpClient(server.url).post('/api/auth/login', { email, password: `tebakan-${i}-xyz` })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(70);
  });

  it('when 80 wrong logins for 80 different e-mails arrive at once from one address, then only the address\'s 50 are checked and the rest get 429', async () => {
    const own = await startTestServer();
    try {
      const results = await Promise.all(
        Array.from({ length: 80 }, (_, i) => new HttpClient(own.url).post('/api/auth/login', { email: `semprot${i}@contoh.id`, password: 'salah123abc' })),
      );
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s === 401)).toHaveLength(50);
      expect(statuses.filter((s) => s === 429)).toHaveLength(30);
    } finally {
      await own.close();
    }
  });

  it("when strangers behind the same address (a carrier's NAT) fill it with wrong passwords, then a customer still signs in on the phone they used before, while a new device there waits", async () => {
    const own = await startTestServer();
    try {
      const phone = new HttpClient(own.url);
      const { email } = await signUp(phone);
      await phone.post('/api/auth/logout');
      const strangers = new HttpClient(own.url);
      for (let i = 0; i < 50; i++) await strangers.post('/api/auth/login', { email: `orang${i}@contoh.id`, password: 'salah123abc' });
      expect((await new HttpClient(own.url).post('/api/auth/login', { email, password: TEST_PASSWORD })).status).toBe(429);
      const back = await phone.post('/api/auth/login', { email, password: TEST_PASSWORD });
      expect(back.status).toBe(200);
      expect(back.body.user.email).toBe(email);
    } finally {
      await own.close();
    }
  }, 120_000);

  it('when one account is guessed from 30 addresses, then new devices must wait for it, but the owner\'s own phone still signs in', async () => {
    const own = await startTestServer({ TRUST_PROXY: '1' });
    try {
      const phone = new HttpClient(own.url);
      const { email } = await signUp(phone);
      const from = (i: number) => ({ 'x-forwarded-for': `198.51.100.${i}` });
      for (let i = 0; i < 30; i++) expect((await new HttpClient(own.url).request('POST', '/api/auth/login', { email, password: `salah-${i}-abc` }, from(i))).status).toBe(401);
      expect((await new HttpClient(own.url).request('POST', '/api/auth/login', { email, password: TEST_PASSWORD }, from(99))).status).toBe(429);
      expect((await phone.request('POST', '/api/auth/login', { email, password: TEST_PASSWORD }, from(100))).status).toBe(200);
    } finally {
      await own.close();
    }
  });
});

describe('cookies behind TLS', () => {
  const secureOf = (res: { headers: Headers }) => res.headers.getSetCookie().map((c) => [c.split('=')[0], /;\s*Secure/i.test(c)]);

  it('when the shop is reached over plain HTTP with no setting, then its cookies are not Secure (local use)', async () => {
    const res = await new HttpClient(server.url).post('/api/auth/signup', { ...valid, email: `polos${Date.now()}@contoh.id` });
    expect(secureOf(res)).toEqual([['jepret_session', false], ['jepret_device', false]]);
  });

  it('when a trusted TLS proxy says https (TRUST_PROXY, X-Forwarded-Proto), then the session, device and visitor cookies are Secure', async () => {
    const own = await startTestServer({ TRUST_PROXY: '1' });
    try {
      const https = { 'x-forwarded-proto': 'https' };
      const signup = await new HttpClient(own.url).request('POST', '/api/auth/signup', { ...valid, email: `tls${Date.now()}@contoh.id` }, https);
      expect(secureOf(signup)).toEqual([['jepret_session', true], ['jepret_device', true]]);
      expect(secureOf(await new HttpClient(own.url).request('POST', '/api/auth/visitor', undefined, https))).toEqual([['jepret_visitor', true]]);
    } finally {
      await own.close();
    }
  });

  it('when a TLS proxy says https but TRUST_PROXY was not set (the defaults), then the cookies are Secure all the same', async () => {
    const https = { 'x-forwarded-proto': 'https' };
    const signup = await new HttpClient(server.url).request('POST', '/api/auth/signup', { ...valid, email: `bawaan${Date.now()}@contoh.id` }, https);
    expect(secureOf(signup)).toEqual([['jepret_session', true], ['jepret_device', true]]);
    expect(secureOf(await new HttpClient(server.url).request('POST', '/api/auth/visitor', undefined, https))).toEqual([['jepret_visitor', true]]);
    // A proxy chain that says https at any hop, too; plain http stays plain.
    expect(secureOf(await new HttpClient(server.url).request('POST', '/api/auth/visitor', undefined, { 'x-forwarded-proto': 'http, https' }))).toEqual([['jepret_visitor', true]]);
    expect(secureOf(await new HttpClient(server.url).request('POST', '/api/auth/visitor', undefined, { 'x-forwarded-proto': 'http' }))).toEqual([['jepret_visitor', false]]);
  });

  it('when SECURE_COOKIES=1 (a TLS proxy that sends no X-Forwarded-Proto), then the cookies are Secure whatever the request says', async () => {
    const own = await startTestServer({ SECURE_COOKIES: '1' });
    try {
      const client = new HttpClient(own.url);
      const signup = await client.post('/api/auth/signup', { ...valid, email: `selalu${Date.now()}@contoh.id` });
      expect(secureOf(signup)).toEqual([['jepret_session', true], ['jepret_device', true]]);
      expect(secureOf(await client.post('/api/auth/logout'))).toEqual([['jepret_session', true]]);
    } finally {
      await own.close();
    }
  });
});

describe('visitor identity', () => {
  it('when a visitor asks twice, then the same signed HttpOnly visitor id comes back', async () => {
    const client = new HttpClient(server.url);
    const first = await client.post('/api/auth/visitor');
    expect(first.body.visitorId).toMatch(/^CST\d+[0-9a-z]{8}$/);
    expect(first.headers.getSetCookie()[0]).toMatch(/HttpOnly/i);
    const second = await client.post('/api/auth/visitor');
    expect(second.body.visitorId).toBe(first.body.visitorId);
  });

  it('when the visitor cookie is forged, then a new identity is issued', async () => {
    const client = new HttpClient(server.url);
    client.jar.set('jepret_visitor', 'CST1700000000abcdefgh.forged');
    const res = await client.post('/api/auth/visitor');
    expect(res.body.visitorId).not.toBe('CST1700000000abcdefgh');
  });
});

describe('the admin removes a customer', () => {
  it('when the admin deletes a customer\'s profile, then their sessions end, they cannot log in, and the e-mail can sign up again', async () => {
    const admin = new HttpClient(server.url);
    await signInAdmin(admin);
    const customer = new HttpClient(server.url);
    const email = `hapus${Date.now()}@contoh.id`;
    const { uid } = await signUp(customer, email);
    const profile = (await pullAll(admin, 'users', 1000)).docs.find((d) => d.id === uid);

    const res = await pushChange(admin, 'users', profile, { ...profile, _deleted: true });
    expect(res.body).toEqual({ conflicts: [], refused: [] });

    expect((await customer.get('/api/auth/me')).body).toEqual({ user: null });
    expect((await new HttpClient(server.url).post('/api/auth/login', { email, password: TEST_PASSWORD })).status).toBe(401);
    const again = await new HttpClient(server.url).post('/api/auth/signup', { email, password: TEST_PASSWORD, phone: '081234567890', address: 'Jl. Baru 1' });
    expect(again.status).toBe(201);
    expect(again.body.user.uid).not.toBe(uid);
  });

  it('when the admin deletes the admin\'s own profile, then it is refused', async () => {
    const admin = new HttpClient(server.url);
    const { uid } = await signInAdmin(admin);
    const profile = (await pullAll(admin, 'users', 1000)).docs.find((d) => d.id === uid);
    const res = await pushChange(admin, 'users', profile, { ...profile, _deleted: true });
    expect(res.body.refused[0]).toMatchObject({ id: uid, error: 'forbidden' });
    expect((await admin.get('/api/auth/me')).status).toBe(200);
  });
});
