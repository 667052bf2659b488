node 'a.example.com', "db-1", /^web\d+$/, foo.bar, 192.168.1.1, default, {
}
