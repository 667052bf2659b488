# reserved, accepted by Puppet 7
class consumes {
}
