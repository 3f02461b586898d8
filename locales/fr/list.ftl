# Les énumérations : $head regroupe les éléments sauf le dernier, séparés par des virgules.
list-and = { $head } et { $last }
list-or = { $head } ou { $last }
