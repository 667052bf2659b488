# Params pattern.
class params (
  $x = $params::params::x,
) inherits params::params { # want "class inheriting from params class"
}

# Other parent.
class params::child inherits params {
}
