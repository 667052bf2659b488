# Documented in every style.
#
# @param [String] first
#   Text going on
#   over two lines.
# @param second [Integer] The type after the name.
# $third:: kafo style
# [*fourth*] puppetdoc style
# @param gone A parameter since removed. # want "No matching class parameter for documentation of docstrings::gone"
class docstrings (
  String $first,
  Integer $second = 1,
  $third = { 'a' => $first },
  $fourth = [1, 2],
  $fifth = undef, # want "missing documentation for class parameter docstrings::fifth"
) {
}

# @param port once # want "Duplicate defined type parameter documentation for docstrings::site::port"
# @param port twice # want "Duplicate defined type parameter documentation for docstrings::site::port"
# @param name The site's name.
define docstrings::site ($port) {
}

# @param port The port.

define docstrings::apart ($port) { # want "missing documentation for defined type parameter docstrings::apart::port"
}

# Internal.
#
# @api private
define docstrings::internal ($port) {
}
