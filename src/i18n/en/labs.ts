// The labs workspace: All File and folders, search, Recently Access, Favorite, Shared Lab, Deleted
// File, the lab dialogs, the info panel and the labs' own messages (the spec's catalogue keeps its
// own under errors.*).
export const labs = {
  pages: {
    all: { title: "All Files", description: "Folders and slides you own." },
    search: { title: "Search results", description: "Labs matching “{{query}}”" },
    recent: { title: "Recently Accessed", description: "Slides and folders you opened lately, newest first." },
    favorite: { title: "Favorite", description: "Your starred files and folders." },
    shared: { title: "Shared Lab", description: "Labs collaborators shared with you, with your role in each." },
    trash: { title: "Deleted Files", description: "Deleted files and folders. Restore them or delete them for good." }
  },
  public: {
    badge: "Public · read-only",
    hint: "Anyone with the link can view this folder. Sign in to work with it.",
    closedTitle: "This lab is not public",
    closedBody: "Sign in with an account that has access to open it.",
    signIn: "Sign in"
  },
  path: {
    label: "Folder path",
    root: "All Files",
    shared: "Shared Lab"
  },
  actions: {
    createFolder: "New folder",
    search: "Search labs",
    view: "View",
    viewGrid: "Grid view",
    viewList: "List view",
    details: "Details",
    more: "More actions for {{name}}",
    select: "Select {{name}}",
    selectAll: "Select all",
    clearSelection: "Clear selection",
    loadMore: "Load more",
    clearSearch: "Clear search"
  },
  menu: {
    label: "Actions for {{name}}",
    labelMany: "Actions for {{count}} items",
    labelMany_one: "Actions for {{count}} item",
    open: "Open",
    rename: "Rename",
    move: "Move",
    favorite: "Add to favorites",
    unfavorite: "Remove from favorites",
    info: "Info",
    share: "Share",
    copyLink: "Copy link",
    compare: "Compare side by side",
    delete: "Delete",
    deleteMany: "Delete {{count}} items",
    deleteMany_one: "Delete {{count}} item"
  },
  list: {
    label: "Files and folders",
    name: "Name",
    owner: "Owner",
    modified: "Modified",
    size: "Size",
    role: "Your role",
    opened: "Opened",
    deleted: "Deleted",
    actions: "Actions",
    me: "me",
    loading: "Loading files",
    loadingMore: "Loading more…",
    count: "{{shown}} of {{count}}",
    moreFailed: "The next page could not be loaded."
  },
  kinds: {
    folder: "Folder",
    image: "Slide"
  },
  roles: {
    owner: "Owner",
    admin: "Admin",
    reviewer: "Reviewer",
    viewer: "Viewer"
  },
  status: {
    uploading: "Uploading",
    processing: "Processing",
    ready: "Ready",
    failed: "Upload failed"
  },
  badges: {
    public: "Public",
    favorite: "Favorite"
  },
  empty: {
    createFolder: "Create a folder",
    rootTitle: "No files yet",
    rootBody: "Create a folder to start organising your lab. Slides you upload will appear here too.",
    folderTitle: "This folder is empty",
    folderBody: "Sub-folders and slides you add to this folder appear here.",
    searchTitle: "No results",
    searchBody: "No file or folder matches “{{query}}”. Check the spelling or try a shorter name.",
    recentTitle: "Nothing opened recently",
    recentBody: "Slides and folders you open appear here, newest first.",
    favoriteTitle: "No favorites yet",
    favoriteBody: "Star a file or folder with “Add to favorites” to find it here quickly.",
    sharedTitle: "Nothing shared with you yet",
    sharedBody: "When someone invites you to a folder or slide, it appears here with your role.",
    trashTitle: "Trash is empty",
    trashBody: "Files and folders you delete stay here until you restore them or delete them for good."
  },
  failed: {
    title: "Something went wrong"
  },
  missing: {
    title: "This folder is not available",
    body: "It does not exist, or it has not been shared with this account. Ask its owner to invite you.",
    home: "Go to All Files"
  },
  createFolder: {
    title: "New folder",
    name: "Folder name",
    placeholder: "e.g. Liver biopsies 2025",
    location: "Location",
    root: "Mylab",
    rootHint: "The top of your labs",
    currentHint: "The folder you are in",
    submit: "Create"
  },
  rename: {
    titleFolder: "Rename folder",
    titleFile: "Rename slide",
    name: "Name",
    submit: "Save"
  },
  move: {
    title: "Move “{{name}}”",
    description: "Choose the folder to move it into.",
    tree: "Folders",
    root: "Mylab",
    here: "Current location",
    inside: "The folder itself",
    expand: "Show folders in {{name}}",
    collapse: "Hide folders in {{name}}",
    loading: "Loading folders…",
    submit: "Move here",
    noChoice: "Choose a folder first."
  },
  delete: {
    title: "Delete “{{name}}”?",
    titleMany: "Delete {{count}} items?",
    titleMany_one: "Delete {{count}} item?",
    body: "It moves to Deleted Files, where you can restore it or delete it for good.",
    bodyMany: "They move to Deleted Files, where you can restore them or delete them for good.",
    bodyFolder: "The folder and everything in it move to Deleted Files, where you can restore them or delete them for good.",
    confirm: "Delete"
  },
  search: {
    title: "Search labs",
    description: "Find folders and slides by name, or slides by a tag (H&E, IHC-DAB, 20x), everywhere you have access.",
    name: "Lab name",
    placeholder: "e.g. Liver",
    submit: "Search"
  },
  autoTags: {
    label: "Auto tags",
    tissue: "Tissue {{percent}}%",
    stainHe: "H&E",
    stainIhcDab: "IHC-DAB",
    stainFluorescence: "Fluorescence",
    stainTtc: "TTC",
    stainGrayscale: "Grayscale",
    mag40x: "40x",
    mag20x: "20x",
    mag10x: "10x",
    mag5x: "5x",
    magLow: "Low power"
  },
  info: {
    title: "Details",
    empty: "Select a file or folder to see its details here.",
    type: "Type",
    owner: "Owner",
    modified: "Modified",
    created: "Created",
    size: "Size",
    description: "Description",
    noDescription: "No description.",
    metadata: "Metadata",
    noMetadata: "No metadata yet.",
    addEntry: "Add metadata",
    entryName: "Keyword",
    entryValue: "Value",
    entryNamePlaceholder: "e.g. Patient ID",
    entryValuePlaceholder: "e.g. P-2025-014",
    save: "Save",
    edit: "Edit {{name}}",
    remove: "Remove {{name}}",
    access: "Access",
    public: "Public access",
    publicOn: "Anyone with the link can view it, read-only.",
    publicOff: "Only collaborators can open it.",
    inherited: "Public because a folder above it is public.",
    copyLink: "Copy link",
    collaborators: "Collaborators",
    moreCollaborators: "+{{count}}",
    collaboratorsCount: "{{count}} people",
    collaboratorsCount_one: "{{count}} person",
    viewCollaborators: "View collaborator",
    loadFailed: "The details could not be loaded."
  },
  multiple: {
    title: "{{count}} Items Selected",
    title_one: "{{count}} Item Selected",
    hint: "Select a single file for more information.",
    folders: "{{count}} folders",
    folders_one: "{{count}} folder",
    files: "{{count}} slides",
    files_one: "{{count}} slide",
    delete: "Delete selected",
    clear: "Clear selection"
  },
  trash: {
    restore: "Restore",
    restoreName: "Restore {{name}}",
    purge: "Delete forever",
    purgeName: "Delete forever: {{name}}",
    empty: "Empty trash",
    purgeTitle: "Delete “{{name}}” forever?",
    purgeBody: "This cannot be undone. The item and everything in it are removed for good.",
    emptyTitle: "Empty the trash?",
    emptyBody: "Everything in Deleted Files is removed for good. This cannot be undone.",
    retention: "Only items you own are listed here."
  },
  toasts: {
    renamed: "Renamed to “{{name}}”.",
    deleted: "“{{name}}” moved to Deleted Files.",
    deletedMany: "{{count}} items moved to Deleted Files.",
    deletedMany_one: "{{count}} item moved to Deleted Files.",
    favorited: "Added to favorites.",
    unfavorited: "Removed from favorites.",
    restored: "“{{name}}” restored.",
    undo: "Undo",
    undone: "Back from Deleted Files.",
    purged: "“{{name}}” deleted forever.",
    emptied: "The trash is empty.",
    published: "Anyone with the link can now view it.",
    unpublished: "Only collaborators can open it now.",
    copyFailed: "The link could not be copied. Copy it from the address bar instead."
  },
  errors: {
    list: "The files could not be loaded.",
    deleteMany: "Failed to delete the items.",
    move: "Failed to move.",
    favorite: "Failed to update favorites.",
    restore: "Failed to restore.",
    purge: "Failed to delete forever.",
    emptyTrash: "Failed to empty the trash.",
    publish: "Failed to change public access.",
    metadata: "Failed to save the metadata.",
    info: "The details could not be loaded.",
    folderTree: "The folders could not be loaded."
  },
  validation: {
    nameTooLong: "Use at most {{max}} characters.",
    nameSlash: "A name cannot contain “/”.",
    reservedKey: "This keyword is reserved for public access."
  }
}
