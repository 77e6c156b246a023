// A dropped folder read through the entries API (dropped-entries.ts), with entries made here as the
// browser hands them: readEntries answers in batches until an empty one, and every file comes back
// with its path from the drop, nested folders included.
import { describe, expect, it } from "vitest"
import { readEntries } from "./dropped-entries.ts"

const fileEntry = (name: string) =>
  ({
    name,
    isFile: true,
    isDirectory: false,
    file: (done: (f: File) => void) => done(new File([name], name))
  }) as unknown as FileSystemEntry

/** A folder whose reader gives its children two at a time, as browsers give about a hundred. */
const folderEntry = (name: string, children: ReadonlyArray<FileSystemEntry>) =>
  ({
    name,
    isFile: false,
    isDirectory: true,
    createReader: () => {
      let at = 0
      return {
        readEntries: (done: (batch: FileSystemEntry[]) => void) => {
          done(children.slice(at, at + 2) as FileSystemEntry[])
          at += 2
        }
      }
    }
  }) as unknown as FileSystemEntry

describe("readEntries", () => {
  it("reads every file of a dropped folder, in batches, with its path", async () => {
    const dropped = [
      fileEntry("Slide 1.mrxs"),
      folderEntry("Slide 1", [
        fileEntry("Slidedat.ini"),
        fileEntry("Index.dat"),
        fileEntry("Data0000.dat"),
        folderEntry("more", [fileEntry("x.dat")])
      ])
    ]
    const picked = await readEntries(dropped)
    expect(picked.map((p) => p.path)).toEqual([
      "Slide 1.mrxs",
      "Slide 1/Slidedat.ini",
      "Slide 1/Index.dat",
      "Slide 1/Data0000.dat",
      "Slide 1/more/x.dat"
    ])
    expect(await picked[1]!.file.text()).toBe("Slidedat.ini")
  })

  it("stops at the limit", async () => {
    const many = folderEntry(
      "many",
      Array.from({ length: 9 }, (_, i) => fileEntry(`${i}.jpg`))
    )
    expect(await readEntries([many], 5)).toHaveLength(5)
  })
})
