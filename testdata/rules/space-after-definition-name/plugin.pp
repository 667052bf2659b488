class ntp{ # want "single space between the class or resource name and the next item"
}

define ntp::peer($host) { # want "single space between the class or resource name and the next item"
}

class ntp::server (
  $port = 123,
) {
}
