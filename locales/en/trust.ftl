# Who wrote a mail: answers to mail that proves nothing about its sender, and to mail
# sent to an address of arbitre that it never gave out.

# Subject of a request to confirm a command by replying. $tag is [arbitre #12] or
# [arbitre]; $command is the player's line, which the reply carries back.
subject-confirm = { $tag } Confirm: { $command }

unproven =
    arbitre did nothing with your message:

    { $command }

    Anyone can write your address on a mail, so arbitre acts only on mail it can trace to you, and nothing in this one does.

unproven-confirm = If you sent it, just reply to this mail: its reply address carries a key that only you receive, and you need not write the command again.
unproven-resend = If you sent it, reply to this mail with the command: its reply address carries a key that only you receive.
unproven-no-key = Send it again from your usual mail account, as a reply to arbitre's latest mail: arbitre's mail server could not confirm that it comes from you.
unproven-advice =
    From now on, answer arbitre's mails with Reply rather than writing a new mail: the reply address does the proving.

    If you did not send it, ignore this mail: nothing will happen.

invalid-address =
    Your message was sent to { $address }, which is not a reply address arbitre gave you: it may have been mistyped, altered, or taken from someone else's mail. Nothing was done.
    To play, reply to arbitre's latest mail about your game. Write GAMES to arbitre's own address to get the list of your games with their reply addresses.

# The one notice of the rate limit. $until is a time of day, HH:MM, in UTC.
rate-limited =
    arbitre has answered { $limit } of your messages in the last hour that were not moves or commands of your games. To protect everyone's mailbox from loops and floods, it will not answer such messages again until { $until } UTC.
    Your games are not affected: moves, BOARD, DRAW, RESIGN and the other commands of a game you play are answered as always.
