node web01 { # want "unquoted node name found"
}
node 'quoted', web02.example.com { # want "unquoted node name found"
}
node default {
}
node /^db\d+$/ {
}
