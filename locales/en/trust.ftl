# Who wrote a mail: answers to mail that proves nothing about its sender, and to mail
# sent to an address of arbitre that it never gave out.

# Subject of a request to confirm a command. $tag is [arbitre #12] or [arbitre];
# $command is the player's line (shown only: the request itself is stored).
subject-confirm = { $tag } Confirm: { $command }

unproven =
    arbitre did nothing with your message:

    { $command }

    Anyone can write your address on a mail, so arbitre acts only on mail it can trace to you, and nothing in this one does.

unproven-confirm =
    If you sent it, reply YES to this mail (or send the reply with nothing written). Its reply address was made for this one command and only you received it; it can be used once, within 7 days.
    If you did not send it, reply NOT ME, or simply ignore this mail: nothing will happen.
unproven-resend = If you sent it, reply to this mail with the command: its reply address carries a key that only you receive. If you did not, ignore this mail: nothing will happen.
unproven-no-key = If you sent it, send it again from your usual mail account, as a reply to arbitre's latest mail: arbitre's mail server could not confirm that it comes from you. If you did not, ignore this mail: nothing will happen.
unproven-advice = From now on, answer arbitre's mails with Reply rather than writing a new mail: the reply address does the proving.

invalid-address =
    Your message was sent to { $address }, which is not a reply address arbitre gave you: it may have been mistyped, altered, or taken from someone else's mail. Nothing was done.
    To play, reply to arbitre's latest mail about your game. Write GAMES to arbitre's own address to get the list of your games with their reply addresses.

retired-address =
    Your message was sent to { $address }, a reply address arbitre no longer uses: the installation has since changed its keys, and old reply addresses stop working after a while. Nothing was done.
    To play, reply to arbitre's latest mail about your game: it carries the new address. Write GAMES to arbitre's own address to get the list of your games with their reply addresses.

# The one notice of the rate limit. $until is a time of day, HH:MM, in UTC.
rate-limited =
    arbitre has answered { $limit } of your messages in the last hour that were not moves or commands of your games. To protect everyone's mailbox from loops and floods, it will not answer such messages again until { $until } UTC.
    Your games are not affected: moves, BOARD, DRAW, RESIGN and the other commands of a game you play are answered as always.

# Answers to a reply to a request to confirm. $command is the command the request holds.
confirm-unknown = arbitre has no request to confirm at this address any more, so nothing was done. If you still want the command carried out, send it again as a reply to arbitre's latest mail.
confirm-was-used = This request was already answered: { $command } was carried out once, and is not carried out again.
confirm-was-cancelled = This request was cancelled with NOT ME: nothing was done with { $command }, and nothing will be. If you do want it after all, send the command again.
confirm-expired = This request expired on { $date }: nothing was done with { $command }. If you still want it, send the command again.
confirm-unclear =
    Nothing was done with { $command }: your reply says "{ $written }", which is neither YES nor NOT ME.
    To carry it out, reply YES to this mail. If you did not send it, reply NOT ME, or ignore this mail: nothing will happen.
# $postmaster is the installation's postmaster address.
confirm-cancelled =
    Cancelled: nothing was done with { $command }, and this request can no longer be used.
    Someone wrote your address in the From line of a mail to arbitre. arbitre never acts on the From line alone: such a mail changes nothing until you yourself confirm it, so there is nothing more for you to do, and your games go on as before. Mail that proves nothing about its sender is counted apart from yours, so it cannot use up your answers either.
    If this keeps happening, you may tell the installation's administrator ({ $postmaster }).

# A command sent by SMS that needs mail. $command is what the SMS said.
mail-only =
    arbitre did nothing with "{ $command }", which came by SMS.
    A caller's number can be forged, so by SMS arbitre takes only moves, the commands of a game (DRAW, RESIGN, UNDO, CLAIM, CONDITIONS) and the commands that only show something (BOARD, HISTORY, CLOCK, GAMES, HELP). A command that changes your account (PHONE, NOTIFY, LANG, TZ, CHAT, PUBLIC, PICTURES, LEAVE, JOIN, WITHDRAW) or starts a game (NEW) must come by mail: send it as a reply to arbitre's latest mail.
