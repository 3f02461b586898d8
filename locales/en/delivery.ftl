# Mail that could not be delivered (src/referee/undelivered.rs).

undelivered-opponent-subject = [arbitre #{ $id }] Your opponent cannot be reached
undelivered-opponent = The mail telling your opponent it is their turn in game #{ $id } could not be delivered: their mail server refused it. { $timed ->
    [yes] Their clock is stopped until a notice reaches them.
   *[no] They will be told again as soon as they can be reached.
} A director has been told, and can give them a new address. There is nothing for you to do: you will hear from arbitre as soon as they move.
undelivered-director-subject = [arbitre] Game #{ $id }: mail to { $address } failed
undelivered-director = The mail telling { $address } it is their turn in game #{ $id } could not be delivered.
    {"  "}Status: { $status }
    {"  "}The server said: { $text }
    { $timed ->
        [yes] Their clock is stopped until a notice reaches them.
       *[no] The game waits for them.
    } If they have another address, give it to arbitre; their pending mail goes there and their clock starts again:
    {"  "}arbitre player address { $address } NEW-ADDRESS --reason "..."
unconfirmed-director-subject = [arbitre] Game #{ $id }: a report says mail to { $address } failed
unconfirmed-director = A report came back saying that the mail telling { $address } it is their turn in game #{ $id } could not be delivered.
    {"  "}Status: { $status }
    {"  "}The report said: { $text }
    No mail server that handled the mail confirmed it (the report does not quote the mail's envelope id): it may come from a server that accepted the mail and gave up later, or from someone who received the mail and wrote the report. So arbitre has changed nothing{ $timed ->
        [yes] : the clock runs.
       *[no] .
    } If you judge that the player really cannot be reached, you can stop the clock or give them a new address:
    {"  "}arbitre clock pause { $id } --reason "..."
    {"  "}arbitre player address { $address } NEW-ADDRESS --reason "..."
undeliverable-sms = arbitre: mail to { $address } keeps failing ({ $status }), so arbitre has stopped writing to it. Ask your tournament director to give arbitre a new address for you.
abuse-director-subject = [arbitre] A spam complaint about mail to { $address }
abuse-director = The mail provider of { $address } reported arbitre's mail as spam: the player pressed "spam" or the provider judged it so. arbitre sends that address no more mail. Their games you direct: { $games }.
    To give the player another address (their mail then goes there again):
    {"  "}arbitre player address { $address } NEW-ADDRESS --reason "..."
readdress-subject = [arbitre] Your address has changed
readdress-old = A tournament director has moved your arbitre account to { $new } (reason: { $reason }). Mail about your games now goes there. If you did not ask for this, answer the director.
readdress-new = Your arbitre account has moved here from { $old } (reason: { $reason }). Your games, their clocks and your settings came with it; the mail that could not reach your old address follows.
web-unreached = The mail telling { $name } to move could not be delivered. { $timed ->
    [yes] Their clock is stopped until a notice reaches them.
   *[no] The game waits until a notice reaches them.
}
