# Linking a phone (PHONE), how a player hears of their games (NOTIFY), and STOP by mail.
# $number is a phone number in international form; $notify is mail, sms or both.

phone-usage = To hear of your games by SMS, link your phone: write PHONE and its number in international form, for example PHONE +33612345678. arbitre texts it a six-digit code; send the code back within 30 minutes, in reply to arbitre's mail or by SMS from that phone.
phone-unavailable = This server sends no SMS, so no phone can be linked to it. Everything comes by mail.
phone-none = No phone is linked to your address.
phone-current = Your phone { $number } is linked. { notify-now }
notify-now = { $notify ->
    [sms] Everything comes by mail, and whatever needs you comes by SMS as well: your move to play, reminders, results.
    [both] Everything comes by mail, and by SMS as well in a few words, down to your own moves accepted or refused.
   *[mail] Everything comes by mail; arbitre answers by SMS only what you send by SMS.
}
notify-how = NOTIFY SMS, NOTIFY MAIL or NOTIFY BOTH chooses; PHONE OFF unlinks the phone.
phone-bad-number = { $number } cannot be linked: { $why ->
    [international] write it in international form, with + and the country code (+33 6 12 34 56 78).
    [digits] a phone number is made of digits only.
    [length] a phone number has 7 to 15 digits with its country code.
   *[country] this server does not send SMS to that country.
}
phone-stopped = { $number } said STOP: arbitre sends it nothing, not even a code. Text START from that phone first, then write PHONE { $number } again.
phone-codes-spent = No more codes for you today: arbitre texts 3 codes and takes 5 wrong codes a day at most, whatever the numbers. Try again tomorrow.
phone-number-codes-spent = No more codes for { $number } today: a number gets a few codes a day at most. Try again tomorrow.
phone-codes-busy = arbitre has texted all the codes it may send today. Try again tomorrow.
phone-moved = Your phone { $number } is no longer linked to your address: someone sent back the code arbitre texted to it, which proves they hold that phone now, and linked it to their own address. arbitre sends it nothing more for you, and everything comes to you by mail. If that phone is still yours, write PHONE { $number } to link it again: a new code will be texted to it.
phone-already = { $number } is already your phone; nothing changes.
phone-code-sent = arbitre has texted a six-digit code to { $number }. Send it back within 30 minutes, in reply to this mail with the six digits alone, or by SMS from that phone. Until then nothing changes.
phone-linked = Your phone { $number } is now linked. To play by SMS, text your move; if you have several games, start with the game's number: #12 e5e6. Texting STOP stops every SMS to it.
phone-code-none = No phone is being linked to your address, so a code means nothing now. Write PHONE and your number first.
phone-code-expired = That code has expired: a code lasts 30 minutes. Write PHONE { $number } again to get a new one.
phone-code-wrong = That is not the code sent to { $number }. { $left ->
    [one] One more try is left.
   *[other] { $left } more tries are left.
}
phone-code-gave-up = Too many wrong codes: linking { $number } is cancelled. Write PHONE { $number } again to get a new code.
phone-off = Your phone { $number } is unlinked: arbitre sends it nothing more, and everything comes by mail.
phone-off-none = No phone is linked to your address; nothing changes.
notify-usage = NOTIFY SMS, NOTIFY MAIL or NOTIFY BOTH chooses how you hear of your games.
notify-needs-phone = SMS needs a linked phone first. { phone-usage }
notify-set = Done. { notify-now }
