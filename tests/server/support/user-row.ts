// A users row written straight to the database, with only the columns every schema version since
// 0001 has (the migration tests write rows before the later columns exist; the rest default).
export const userRow = (id: string, email: string, name: string, at: string) => ({
  id,
  email,
  name,
  username: null,
  phone: null,
  company: null,
  description: null,
  avatar: null,
  password_hash: "x",
  is_active: 1,
  mfa_secret: null,
  mfa_enabled: 0,
  mfa_last_step: null,
  created_at: at,
  updated_at: at
})
