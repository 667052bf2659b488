          node nope {
            1
          }
          end
