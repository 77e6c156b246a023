// Reading the server's outbox from tests: the newest mails and the links inside them.
export { type OutboxMail, listOutbox as readOutbox } from "../../server/mail/outbox.ts"
