// /v2/auth: accounts, sessions, passwords, 2FA, profile and the account's activity.
import { Schema } from "effect"
import { Multipart } from "effect/http"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import { Ok, Page, PageQuery } from "./envelope.ts"
import { BadRequest, Forbidden, PayloadTooLarge, ServiceUnavailable, TooManyRequests, Unauthorized } from "./errors.ts"
import { Authorization } from "./middleware.ts"
import { DESCRIPTION_MAX, Email, LoginPassword, NewPassword, Otp, PASSWORD_MAX, PersonName, Required, Text } from "./rules.ts"
import { RETURN_PATH_MAX } from "./return-path.ts"
import { Profile } from "./users.ts"

/** The language of the mails a request triggers; English when absent. */
export const Locale = Schema.Literals(["en", "id"])
export type Locale = typeof Locale.Type

/** A struct-level rule: `confirm` must repeat `field`; reported on `confirm` with the message key. */
const matching = <K extends string, C extends string>(field: K, confirm: C, key: string) =>
  Schema.makeFilter((o: Record<K | C, string>) => o[field] === o[confirm] || { path: [confirm], issue: key })

export const RegisterPayload = Schema.Struct({
  name: PersonName,
  email: Email,
  password: NewPassword,
  password_confirm: Text(PASSWORD_MAX),
  eula: Schema.Boolean.check(Schema.makeFilter((accepted: boolean) => accepted || "validation.eula")),
  locale: Schema.optionalKey(Locale),
  /** The page the user opened signed out: the activation link brings them back to it (same-origin paths only). */
  next: Schema.optionalKey(Text(RETURN_PATH_MAX))
}).check(matching("password", "password_confirm", "validation.passwordMismatch"))
export type RegisterPayload = typeof RegisterPayload.Type

export const LoginPayload = Schema.Struct({
  email: Email,
  password: LoginPassword,
  otp: Schema.optionalKey(Otp),
  backup_code: Schema.optionalKey(Required)
})
export type LoginPayload = typeof LoginPayload.Type

export const Tokens = Schema.Struct({ access_token: Schema.String, refresh_token: Schema.String })
export type Tokens = typeof Tokens.Type

/** Either a full session, or, with 2FA on and no code yet, a request for the code. */
export const LoginResult = Schema.Union([
  Schema.Struct({ mfa_required: Schema.Literal(false), access_token: Schema.String, refresh_token: Schema.String, user: Profile }),
  Schema.Struct({ mfa_required: Schema.Literal(true) })
])
export type LoginResult = typeof LoginResult.Type

/** Resend activation, password reset and 2FA reset: the answer never says whether the email is known. */
export const EmailPayload = Schema.Struct({ email: Email, locale: Schema.optionalKey(Locale) })
export const RefreshPayload = Schema.Struct({ refresh: Required })

export const ResetConfirmPayload = Schema.Struct({
  uid: Required,
  token: Required,
  password: NewPassword,
  password_confirm: Text(PASSWORD_MAX)
}).check(matching("password", "password_confirm", "validation.passwordMismatch"))
export type ResetConfirmPayload = typeof ResetConfirmPayload.Type

export const ResetMfaConfirmPayload = Schema.Struct({ uid: Required, token: Required, password: LoginPassword })

/**
 * A password change signs out every other session. `refresh`, the caller's own refresh token, keeps
 * the caller's session; without it every session ends at its next refresh.
 */
export const ChangePasswordPayload = Schema.Struct({
  old_password: Required,
  new_password: NewPassword,
  new_password_confirm: Text(PASSWORD_MAX),
  refresh: Schema.optionalKey(Text())
}).check(matching("new_password", "new_password_confirm", "validation.newPasswordMismatch"))
export type ChangePasswordPayload = typeof ChangePasswordPayload.Type

export const MfaSetup = Schema.Struct({ secret: Schema.String, otpauth_uri: Schema.String, qr_code: Schema.String })
export type MfaSetup = typeof MfaSetup.Type
export const BackupCodes = Schema.Struct({ backup_codes: Schema.Array(Schema.String) })

export const ProfilePayload = Schema.Struct({
  name: Schema.optionalKey(PersonName),
  // Bounded loosely here; the profile's own rules give each field its exact limit and message.
  username: Schema.optionalKey(Text()),
  phone: Schema.optionalKey(Text()),
  company: Schema.optionalKey(Text()),
  description: Schema.optionalKey(Text(DESCRIPTION_MAX)),
  /** "1" removes the current avatar. */
  remove_avatar: Schema.optionalKey(Text(16)),
  avatar: Schema.optionalKey(Multipart.SingleFileSchema)
}).pipe(HttpApiSchema.asMultipart({ maxFileSize: "3 MiB" }))

/** The lab an activity is about, as it is now: null once it was deleted for good. */
export const ActivityLab = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  is_dir: Schema.Boolean,
  /** In the trash: named, but not a link. */
  in_trash: Schema.Boolean
})
export type ActivityLab = typeof ActivityLab.Type

export const Activity = Schema.Struct({
  id: Schema.String,
  kind: Schema.String,
  created_at: Schema.String,
  detail: Schema.Record(Schema.String, Schema.Unknown),
  /** Absent for an activity about no lab (a sign-in); null when its lab is gone for good. */
  lab: Schema.optionalKey(Schema.NullOr(ActivityLab))
})
export type Activity = typeof Activity.Type

const Message = Ok(Schema.Null)

export class AuthPublic extends HttpApiGroup.make("authPublic")
  .add(
    HttpApiEndpoint.post("register", "/auth/register/", {
      payload: RegisterPayload,
      success: Ok(Schema.Struct({ email: Schema.String })).pipe(HttpApiSchema.status(201)),
      error: [BadRequest, TooManyRequests, ServiceUnavailable]
    }),
    HttpApiEndpoint.post("resendActivation", "/auth/resend-activation/", {
      payload: EmailPayload,
      success: Message,
      error: [BadRequest, TooManyRequests]
    }),
    HttpApiEndpoint.post("login", "/auth/login/", {
      payload: LoginPayload,
      success: Ok(LoginResult),
      error: [BadRequest, Forbidden, TooManyRequests]
    }),
    HttpApiEndpoint.post("refresh", "/auth/token/refresh/", {
      payload: RefreshPayload,
      success: Ok(Tokens),
      error: [BadRequest, Unauthorized]
    }),
    HttpApiEndpoint.post("logout", "/auth/logout/", { payload: RefreshPayload, success: Message, error: BadRequest }),
    HttpApiEndpoint.post("passwordReset", "/auth/password/reset/", {
      payload: EmailPayload,
      success: Message,
      error: [BadRequest, TooManyRequests]
    }),
    HttpApiEndpoint.post("passwordResetConfirm", "/auth/password/reset/confirm/", {
      payload: ResetConfirmPayload,
      success: Message,
      error: [BadRequest, TooManyRequests]
    }),
    HttpApiEndpoint.post("resetMfa", "/auth/reset-mfa/", {
      payload: EmailPayload,
      success: Message,
      error: [BadRequest, TooManyRequests]
    }),
    HttpApiEndpoint.post("resetMfaConfirm", "/auth/reset-mfa/confirm/", {
      payload: ResetMfaConfirmPayload,
      success: Message,
      error: [BadRequest, TooManyRequests]
    })
  )
  .prefix("/v2")
  .annotateMerge(OpenApi.annotations({ title: "Accounts", description: "Registration, sign-in, passwords, 2FA reset" })) {}

export class AuthAccount extends HttpApiGroup.make("authAccount")
  .add(
    HttpApiEndpoint.get("profile", "/auth/user/profile/", { success: Ok(Profile) }),
    HttpApiEndpoint.put("updateProfile", "/auth/user/profile/:userId/", {
      params: { userId: Schema.String },
      payload: ProfilePayload,
      success: Ok(Profile),
      error: [BadRequest, Forbidden, PayloadTooLarge]
    }),
    HttpApiEndpoint.put("changePassword", "/auth/password/change/", {
      payload: ChangePasswordPayload,
      success: Message,
      error: [BadRequest, TooManyRequests]
    }),
    HttpApiEndpoint.post("setupMfa", "/auth/setup-mfa/", { success: Ok(MfaSetup), error: BadRequest }),
    HttpApiEndpoint.post("verifySetupMfa", "/auth/verify-setup-mfa/", {
      payload: Schema.Struct({ otp: Otp }),
      success: Ok(BackupCodes),
      error: [BadRequest, TooManyRequests]
    }),
    HttpApiEndpoint.post("disableMfa", "/auth/disable-mfa/", {
      payload: Schema.Struct({ password: Required }),
      success: Message,
      error: [BadRequest, TooManyRequests]
    }),
    HttpApiEndpoint.get("activities", "/auth/activities/", { query: PageQuery, success: Ok(Page(Activity)), error: BadRequest })
  )
  .middleware(Authorization)
  .prefix("/v2")
  .annotateMerge(OpenApi.annotations({ title: "Account", description: "The signed-in user's profile, password, 2FA and activity" })) {}
