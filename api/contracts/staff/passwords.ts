/**
 * The most common passwords of 12 characters or more (from the published breach lists), lowercased: a new
 * password that is one of them is refused, on the server and in the form alike. Short on purpose: a long list
 * belongs on the server only, and these are the ones actually tried first.
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  "123456789012",
  "1234567890123",
  "12345678901234",
  "123456789123",
  "1q2w3e4r5t6y",
  "1qaz2wsx3edc",
  "qwertyuiop12",
  "qwertyuiopas",
  "qwertyuiopasdfghjkl",
  "qwerty123456",
  "qwerty1234567",
  "asdfghjkl123",
  "zxcvbnm12345",
  "password1234",
  "password12345",
  "password123456",
  "passwordpassword",
  "passw0rd1234",
  "p@ssw0rd1234",
  "iloveyou1234",
  "iloveyouforever",
  "letmein12345",
  "welcome12345",
  "welcome123456",
  "administrator",
  "admin1234567",
  "changeme1234",
  "abc123456789",
  "abcdefghijkl",
  "aaaaaaaaaaaa",
  "111111111111",
  "000000000000",
  "987654321012",
  "football1234",
  "baseball1234",
  "superman1234",
  "sunshine1234",
  "princess1234",
  "starwars1234",
  "trustno1trustno1",
  "correcthorsebatterystaple",
  "correct horse battery staple",
  "monkey123456",
  "dragon123456",
]);

/** Why a new password is refused, or null when it may be used (the length is checked by the schemas). */
export function commonPasswordProblem(password: string): string | null {
  return COMMON_PASSWORDS.has(password.trim().toLowerCase())
    ? "This password is too common. Please choose another one."
    : null;
}
