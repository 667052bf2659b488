      class foo {}
      notify { nope: }
      node bar {}

      $a = 7
