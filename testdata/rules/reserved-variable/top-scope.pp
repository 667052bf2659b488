$0 = 'x' # want "[$]0 is a regex capture variable.*Numeric variables are not assignable"
$facts = {} # want "[$]facts is reserved for facts and cannot be reassigned"
$trusted = {} # want "[$]trusted is reserved for facts"
$server_facts = {} # want "[$]server_facts is reserved for trusted server facts"
$title = 'x' # want "[$]title is reserved: it is the title of a class or defined type, and cannot be assigned at top scope"
$name = 'x' # want "[$]name is reserved: it is a synonym for [$]title"
$hostname = 'x' # want "[$]hostname is a fact, and facts are reserved at top scope.*Cannot reassign variable '[$]hostname'"
$environment = 'x' # want "[$]environment is one of Puppet's built-in variables"
$clientcert = 'x' # want "[$]clientcert is one of Puppet's built-in variables"
$puppetversion = 'x' # want error:"[$]puppetversion is one of Puppet's built-in variables"
$servername = 'x' # want warning:"[$]servername is set at top scope by a Puppet server"
$agent_specified_environment = 'x' # want info:"[$]agent_specified_environment is set at top scope when the agent names its environment"
$sshrsakey = 'x' # want error:"[$]sshrsakey is a fact"
[$osfamily, $ok] = ['x', 'y'] # want "[$]osfamily is a fact"
# fine
notice($facts['os'], $trusted['certname'], $hostname)
$hostnames = ['a']
$my_facts = $facts
# A per-device fact exists only on nodes with that device: $network_zone is
# one only on a node with an interface named zone.
$network_zone = 'internal'
$ipaddress_eth0 = 'x'
$sshkey = 'x'
node default {
  $hostname = 'x'
  $environment = 'y'
}
