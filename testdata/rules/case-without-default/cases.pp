class cases (String $os) {
  case $os { # want "case statement without a default case"
    'Debian': { $p = 'apt' }
    'RedHat': { $p = 'yum' }
  }
  case $os {
    'Debian': {
      case $p { # want "case statement without a default case"
        'apt': { }
      }
    }
    default: { }
  }
  case $os {
    'Debian': { $h = { default => 1 } }
    default: { }
  }
  case $os { # want "case statement without a default case"
    'Debian': {
      case $p {
        'apt': { }
        default: { }
      }
      case $q { # want "case statement without a default case"
        'x': { }
      }
    }
    'RedHat': { }
  }
}
