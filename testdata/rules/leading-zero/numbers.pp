# Unquoted numbers with a leading zero, which Puppet reads as octal.
class profile::app {
  $mode = 0644 # want "unquoted number with leading zero"
  $order = 05 # want "unquoted number with leading zero"

  # Quoted, zero itself, hexadecimal, a fraction: nothing to report.
  $quoted = '0644'
  $zero = 0
  $hex = 0x1F
  $fraction = 0.5
}
