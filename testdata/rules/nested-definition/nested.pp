# Outer.
class nested {
  class nested::inner { # want "class defined inside a class"
  }
  define nested::thing() { # want "defined type defined inside a class"
  }
  class { 'nested::other': }
}

# A define may hold one, as puppet-lint sees it.
define nested::outer() {
  class nested::insidedefine {
  }
}
