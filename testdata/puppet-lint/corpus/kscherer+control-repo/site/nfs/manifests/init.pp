#
class nfs {
  include nfs::client
}
