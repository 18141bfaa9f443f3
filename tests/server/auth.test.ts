import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient, pullAll, pushChange, signInAdmin, signUp, startTestServer, TEST_ADMIN, type TestServer } from '../helpers/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const valid = { email: 'rina@contoh.id', password: 'rahasia123', phone: '081234567890', address: 'Jl. Pemuda 1' };

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
    const limited = await client.post('/api/auth/login', { email: 'tebak@contoh.id', password: 'rahasia123' });
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
    expect((await new HttpClient(server.url).post('/api/auth/login', { email, password: 'rahasia123' })).status).toBe(401);
    const again = await new HttpClient(server.url).post('/api/auth/signup', { email, password: 'rahasia123', phone: '081234567890', address: 'Jl. Baru 1' });
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
