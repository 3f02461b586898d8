# Lists in sentences: $head is every item but the last, separated by commas.
list-and = { $head } and { $last }
list-or = { $head } or { $last }
