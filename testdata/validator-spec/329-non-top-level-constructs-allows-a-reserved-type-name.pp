      class foo {
        define string() {}
        foo::string { 'a': }
      }
