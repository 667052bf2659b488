class  ntp { # want "single space between the class or defined resource statement and the name"
}

define  ntp::peer { # want "single space between the class or defined resource statement and the name"
}

class ntp::server {
}
