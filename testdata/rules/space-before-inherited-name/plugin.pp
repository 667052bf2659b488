class ntp::params {
}

class ntp inherits  ntp::params { # want "single space between the inherits statement and the name"
}

class ntp::server inherits ntp::params {
}
