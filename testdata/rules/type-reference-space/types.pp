# Blanks between a data type or Class and its [.
class profile::app {
  $name_type = String [1] # want "whitespace between reference type and title"
  $server = Class['apache']
  $port_type = Integer[1, 65535]
}
